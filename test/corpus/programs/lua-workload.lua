-- Workload for the lua corpus program: loops, tables, strings, closures,
-- coroutines, metatables, errors. Deterministic: math.random is seeded, no
-- table, function or userdata is used as a key that pairs() walks, nothing
-- prints an address or a time. Usage: lua lua-workload.lua [SCALE]

local scale = tonumber(arg and arg[1]) or 1
math.randomseed(42)

local function checksum(s)
  local h = 0
  for i = 1, #s do h = (h * 31 + s:byte(i)) % 4294967296 end
  return h
end

-- 1. numeric loops, integer and float arithmetic
local function sieve(n)
  local composite, count = {}, 0
  for i = 2, n do
    if not composite[i] then
      count = count + 1
      for j = i * i, n, i do composite[j] = true end
    end
  end
  return count
end

local function mandel(size)
  local sum = 0
  for y = 0, size - 1 do
    local ci = 2.0 * y / size - 1.0
    for x = 0, size - 1 do
      local cr = 2.5 * x / size - 2.0
      local zr, zi, n = 0.0, 0.0, 0
      while n < 50 and zr * zr + zi * zi < 4.0 do
        zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
        n = n + 1
      end
      sum = sum + n
    end
  end
  return sum
end

-- 2. tables: arrays, hashes with string keys, sorting with a comparator
local function tables(n)
  local t = {}
  for i = 1, n do t[i] = math.random(1, 1000000) end
  table.sort(t)
  local ok = true
  for i = 2, n do if t[i - 1] > t[i] then ok = false end end
  local words = {}
  for i = 1, n do
    local k = "k" .. (t[i] % 997)
    words[k] = (words[k] or 0) + 1
  end
  local keys = {}
  for k in pairs(words) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if words[a] ~= words[b] then return words[a] > words[b] end
    return a < b
  end)
  local rec = {}
  for i = 1, n // 4 do rec[#rec + 1] = {id = i, name = "n" .. i, score = (i * 7919) % 1000} end
  table.sort(rec, function(a, b) return a.score < b.score or (a.score == b.score and a.id < b.id) end)
  table.insert(t, 1, -1); table.remove(t, 1)
  return ok, #keys, keys[1], words[keys[1]], rec[1].id, rec[#rec].id, table.concat(t, ",", 1, 5)
end

-- 3. strings: building, patterns, formatting, packing
local function strings(n)
  local parts = {}
  for i = 1, n do
    parts[#parts + 1] = string.format("%05d:%s:%x;", i, string.rep(string.char(97 + i % 26), i % 7 + 1), i * 31)
  end
  local s = table.concat(parts)
  local count = 0
  for num, word in s:gmatch("(%d+):(%a+):") do
    if #word > 3 then count = count + tonumber(num) % 10 end
  end
  local replaced, nrep = s:gsub("(%a)(%a*)", function(a, b) return a:upper() .. b end)
  local found = 0
  local init = 1
  while true do
    local i, j = s:find("aaa", init, true)
    if not i then break end
    found = found + 1
    init = j + 1
  end
  local packed = string.pack("<i4d s1", n, n / 3, "end")
  local a, b, c = string.unpack("<i4d s1", packed)
  return #s, count, nrep, checksum(replaced), found, a, string.format("%.6f", b), c,
    s:sub(1, 20), s:upper():lower() == s:lower(), utf8.len("h\u{e9}llo w\u{f6}rld")
end

-- 4. closures and higher-order functions
local function closures(n)
  local function counter()
    local c = 0
    return function(d) c = c + (d or 1); return c end
  end
  local function map(f, t) local r = {} for i = 1, #t do r[i] = f(t[i]) end return r end
  local function filter(p, t) local r = {} for i = 1, #t do if p(t[i]) then r[#r + 1] = t[i] end end return r end
  local function reduce(f, t, acc) for i = 1, #t do acc = f(acc, t[i]) end return acc end
  local function compose(f, g) return function(...) return f(g(...)) end end
  local c1, c2 = counter(), counter()
  local t = {}
  for i = 1, n do t[i] = i; c1(); if i % 3 == 0 then c2(2) end end
  local sq = map(function(x) return x * x end, t)
  local ev = filter(function(x) return x % 2 == 0 end, sq)
  local total = reduce(function(a, b) return a + b end, ev, 0)
  local inc2 = compose(function(x) return x + 1 end, function(x) return x * 2 end)
  local fib
  fib = function(k) if k < 2 then return k end return fib(k - 1) + fib(k - 2) end
  return c1(0), c2(0), #ev, total, inc2(20), fib(22)
end

-- 5. coroutines
local function coroutines(n)
  local gen = coroutine.wrap(function()
    local a, b = 0, 1
    for _ = 1, n do coroutine.yield(a); a, b = b, (a + b) % 1000007 end
  end)
  local s = 0
  for _ = 1, n do s = (s + gen()) % 1000007 end
  local co = coroutine.create(function(x)
    while true do x = coroutine.yield(x * 2) end
  end)
  local v = 1
  for _ = 1, 20 do local _, r = coroutine.resume(co, v); v = r % 1000 + 1 end
  return s, v, coroutine.status(co)
end

-- 6. metatables and objects
local function objects(n)
  local Vec = {}
  Vec.__index = Vec
  function Vec.new(x, y) return setmetatable({x = x, y = y}, Vec) end
  Vec.__add = function(a, b) return Vec.new(a.x + b.x, a.y + b.y) end
  Vec.__eq = function(a, b) return a.x == b.x and a.y == b.y end
  Vec.__tostring = function(a) return "(" .. a.x .. "," .. a.y .. ")" end
  Vec.__len = function(a) return math.abs(a.x) + math.abs(a.y) end
  function Vec:scale(k) return Vec.new(self.x * k, self.y * k) end
  local acc = Vec.new(0, 0)
  for i = 1, n do acc = acc + Vec.new(i % 7 - 3, i % 5 - 2):scale(2) end
  local Animal = {sound = "..."}
  Animal.__index = Animal
  function Animal:speak() return self.name .. " says " .. self.sound end
  local Dog = setmetatable({sound = "woof"}, {__index = Animal})
  Dog.__index = Dog
  local d = setmetatable({name = "rex"}, Dog)
  local proxy = setmetatable({}, {__index = function(_, k) return k * 2 end,
                                  __newindex = function(t, k, v) rawset(t, k, v + 1) end})
  proxy[1] = 10
  return tostring(acc), #acc, acc == Vec.new(acc.x, acc.y), d:speak(), proxy[1], proxy[21]
end

-- 7. errors: pcall, error objects, error in nested calls
local function errors(n)
  local caught, msgs = 0, {}
  for i = 1, n do
    local ok, err = pcall(function()
      if i % 3 == 0 then error({code = i}) end
      if i % 5 == 0 then error("five " .. i, 0) end
      if i % 7 == 0 then local x = nil; return x.field end
      return i
    end)
    if not ok then
      caught = caught + 1
      if type(err) == "table" then msgs[#msgs + 1] = "t" .. err.code
      elseif i <= 30 then msgs[#msgs + 1] = (tostring(err):gsub("^.-:%d+: ", "")) end
    end
  end
  local ok, e = xpcall(function() error("deep") end, function(m) return "handled: " .. m end)
  return caught, table.concat(msgs, " ", 1, math.min(#msgs, 8)), ok, (e:gsub("^handled: .-:%d+: ", "handled: "))
end

-- 8. goto and integer division
local function misc(n)
  local s = 0
  for i = 1, n do
    for j = 1, 10 do
      if (i + j) % 4 == 0 then goto continue end
      s = s + (i * j) // 3 - (i ~ j) + (i << 2 >> 1)
      ::continue::
    end
  end
  return s, math.tointeger(2^40), 7 // 2, -7 // 2, 7 % -3, math.type(1), math.type(1.0), math.fmod(-7, 3)
end

local function show(name, ...)
  local t = table.pack(...)
  for i = 1, t.n do t[i] = tostring(t[i]) end
  print(name, table.concat(t, " "))
end

for round = 1, scale do
  show("round", round)
  show("sieve", sieve(200000))
  show("mandel", mandel(120))
  show("tables", tables(20000))
  show("strings", strings(5000))
  show("closures", closures(20000))
  show("coroutines", coroutines(20000))
  show("objects", objects(20000))
  show("errors", errors(3000))
  show("misc", misc(20000))
end
collectgarbage()
print("done")
