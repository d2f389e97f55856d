-- Training workload for the lua corpus program (p3's auto strategy plans with
-- its profile, then is measured on lua-workload.lua): the same kinds of work
-- in other proportions and shapes: text processing, objects, recursion,
-- generators, sorting with comparators, bit operations, utf8. Deterministic:
-- math.random is seeded, no address or time is printed, pairs() never walks
-- a table keyed by objects. Usage: lua lua-train.lua [SCALE]

local scale = tonumber(arg and arg[1]) or 1
math.randomseed(7)

local function digest(s)
  local h = 5381
  for i = 1, #s do h = (h * 33 ~ s:byte(i)) & 0xffffffff end
  return h
end

-- 1. text: split, count, rebuild, patterns
local words = {}
for i = 1, 200 do
  local w = {}
  for j = 1, 1 + i % 7 do w[j] = string.char(97 + (i * j * 7) % 26) end
  words[i] = table.concat(w)
end
local function text_round(n)
  local parts = {}
  for i = 1, n do parts[i] = words[1 + (i * 13) % #words] end
  local line = table.concat(parts, " ")
  local counts, order = {}, {}
  for w in line:gmatch("%a+") do
    if not counts[w] then counts[w] = 0; order[#order + 1] = w end
    counts[w] = counts[w] + 1
  end
  table.sort(order, function(a, b)
    if counts[a] ~= counts[b] then return counts[a] > counts[b] end
    return a < b
  end)
  local up = line:gsub("(%a)(%a*)", function(a, b) return a:upper() .. b end)
  return digest(up) ~ #order ~ counts[order[1]]
end
local acc = 0
for r = 1, 20 * scale do acc = (acc + text_round(300 + r % 50)) % 4294967296 end
print("text", acc)

-- 2. objects with inheritance and metamethods
local Vec = {}
Vec.__index = Vec
function Vec.new(x, y) return setmetatable({x = x, y = y}, Vec) end
function Vec.__add(a, b) return Vec.new(a.x + b.x, a.y + b.y) end
function Vec.__mul(a, k) return Vec.new(a.x * k, a.y * k) end
function Vec:len2() return self.x * self.x + self.y * self.y end
local Particle = setmetatable({}, {__index = Vec})
Particle.__index = Particle
Particle.__add = Vec.__add
function Particle.new(x, y, vx, vy)
  local p = setmetatable(Vec.new(x, y), Particle)
  p.v = Vec.new(vx, vy)
  return p
end
function Particle:step(dt)
  local n = self + self.v * dt
  self.x, self.y = n.x, n.y
  if self:len2() > 1e4 then self.v = self.v * -1 end
end
local ps = {}
for i = 1, 300 do ps[i] = Particle.new(i % 17, i % 23, (i % 5) - 2, (i % 7) - 3) end
for t = 1, 40 * scale do for i = 1, #ps do ps[i]:step(0.5) end end
local sx = 0
for i = 1, #ps do sx = sx + ps[i].x end
print("particles", string.format("%.3f", sx))

-- 3. recursion: memoised and plain
local memo = {}
local function ways(n, k)
  if n == 0 then return 1 end
  if n < 0 or k == 0 then return 0 end
  local key = n * 1000 + k
  local m = memo[key]
  if m then return m end
  m = ways(n - k, k) + ways(n, k - 1)
  memo[key] = m
  return m
end
local function ack(m, n)
  if m == 0 then return n + 1 end
  if n == 0 then return ack(m - 1, 1) end
  return ack(m - 1, ack(m, n - 1))
end
print("partitions", ways(60 + scale, 60 + scale), "ack", ack(2, 200 * scale))

-- 4. generators (coroutines) and varargs
local function range(n, step)
  return coroutine.wrap(function()
    for i = 1, n, step do coroutine.yield(i) end
  end)
end
local function sum(...)
  local s = 0
  for i = 1, select("#", ...) do s = s + select(i, ...) end
  return s
end
local total = 0
for r = 1, 30 * scale do
  for i in range(500, 1 + r % 3) do total = total + sum(i, r, i % 7) end
end
print("generators", total)

-- 5. bit operations and utf8
local x = 0x12345678
for i = 1, 20000 * scale do
  x = ((x << 5) | (x >> 27)) & 0xffffffff
  x = x ~ (i * 2654435761 & 0xffffffff)
end
local u = {}
for i = 1, 200 do u[i] = utf8.char(0x3b1 + i % 24, 0x41 + i % 26) end
local us = table.concat(u)
print("bits", x, "utf8", utf8.len(us), digest(us))

-- 6. errors caught
local caught = 0
for i = 1, 200 * scale do
  local ok, err = pcall(function(v) if v % 3 == 0 then error({code = v}) end return v end, i)
  if not ok then caught = caught + err.code end
end
print("errors", caught)
