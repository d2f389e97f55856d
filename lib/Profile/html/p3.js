// p3-report --html: sortable tables, and choosing a path highlights its lines
// in the source and its edges in the function's picture. Plain JavaScript, no
// network: the report opens from file://.
(function () {
  "use strict";

  function cellValue(row, col) {
    var cell = row.cells[col];
    if (!cell) return "";
    var v = cell.getAttribute("data-v");
    return v === null ? cell.textContent.trim() : v;
  }

  function makeSortable(table) {
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th, col) {
      th.setAttribute("tabindex", "0");
      function sort() {
        var numeric = th.classList.contains("num");
        var asc = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", asc ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = cellValue(a, col), y = cellValue(b, col), r;
          if (numeric) r = parseFloat(x) - parseFloat(y);
          else r = x < y ? -1 : x > y ? 1 : 0;
          return asc ? r : -r;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      }
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); }
      });
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), makeSortable);

  // A picture fits its pane until asked for full size.
  Array.prototype.forEach.call(document.querySelectorAll(".graph .zoom"), function (b) {
    b.addEventListener("click", function () {
      var fit = b.parentNode.classList.toggle("fit");
      b.textContent = fit ? "full size" : "fit";
    });
  });

  var dataElement = document.getElementById("p3-data");
  if (!dataElement) return;
  var data = JSON.parse(dataElement.textContent);
  var status = document.getElementById("selection");
  var lit = [];

  function light(element) {
    if (element) { element.classList.add("on-path"); lit.push(element); }
  }

  function clear() {
    lit.forEach(function (e) { e.classList.remove("on-path"); });
    lit = [];
    Array.prototype.forEach.call(document.querySelectorAll("tr.path.selected"),
      function (r) { r.classList.remove("selected"); });
  }

  function select(row, scroll) {
    var fn = data.functions[row.getAttribute("data-fn")];
    var path = fn && fn.paths[row.getAttribute("data-path")];
    if (!path) return;
    clear();
    row.classList.add("selected");
    path.lines.forEach(function (l) { light(document.getElementById("L" + l)); });
    path.graph.forEach(function (id) { light(document.getElementById(id)); });
    if (status) {
      status.textContent = fn.name + ": path " + row.getAttribute("data-path") +
        " (" + path.what + "), " + path.lines.length + " lines highlighted: " +
        path.text;
      status.classList.add("on");
    }
    if (scroll && path.lines.length) {
      var first = document.getElementById("L" + path.lines[0]);
      if (first) first.scrollIntoView({ block: "center" });
    }
    if (history.replaceState)
      history.replaceState(null, "", "#" + row.id);
  }

  Array.prototype.forEach.call(document.querySelectorAll("tr.path"), function (row) {
    row.setAttribute("tabindex", "0");
    row.addEventListener("click", function () { select(row, true); });
    row.addEventListener("keydown", function (e) {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(row, true); }
    });
  });

  // A link to "page.html#path-F-ID" opens with that path chosen.
  if (location.hash.indexOf("#path-") === 0) {
    var row = document.getElementById(location.hash.substring(1));
    if (row) select(row, true);
  }
})();
