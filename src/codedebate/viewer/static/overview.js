/* Overview tables: render the rows of data/overview.js, sort on header click, filter by
   experiment and by words typed (every word must occur in the row). No library needed. */
(function () {
  "use strict";
  var data = window.CD_OVERVIEW;
  var PERCENT = { final_pass_rate: true, hidden_pass_rate: true };
  var LIMIT = 200;  // rows drawn at first: sorting and filtering still see every row
  var expFilter = document.getElementById("experiment-filter");
  var textFilter = document.getElementById("text-filter");

  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function fmt(col, v) {
    if (v === null || v === undefined) return "–";
    if (PERCENT[col]) return (100 * v).toFixed(0) + "%";
    return esc(v);
  }
  function compare(a, b) {
    if (a === b) return 0;
    if (a === null || a === undefined) return 1;
    if (b === null || b === undefined) return -1;
    return a < b ? -1 : 1;
  }

  function Table(id, part, pages) {
    this.el = document.getElementById(id);
    this.count = document.getElementById(id + "-count");
    this.cols = part.columns;
    this.rows = part.rows.map(function (r, i) {
      return { cells: r, page: pages ? pages[i] : null, text: r.join(" ").toLowerCase() };
    });
    this.expCol = this.cols.indexOf("experiment");
    this.sortCol = -1;
    this.showAll = false;
    this.sortDir = 1;
    var head = "<thead><tr>" + this.cols.map(function (c, i) {
      return '<th data-col="' + i + '" tabindex="0">' + esc(c.replace(/_/g, " ")) + "</th>";
    }).join("") + "</tr></thead><tbody></tbody>";
    this.el.innerHTML = head;
    this.body = this.el.tBodies[0];
    var self = this;
    this.el.tHead.addEventListener("click", function (ev) {
      var th = ev.target.closest("th");
      if (th) self.sortBy(Number(th.dataset.col));
    });
  }
  Table.prototype.sortBy = function (col) {
    this.sortDir = this.sortCol === col ? -this.sortDir : 1;
    this.sortCol = col;
    var ths = this.el.tHead.rows[0].cells;
    for (var i = 0; i < ths.length; i++) ths[i].removeAttribute("aria-sort");
    ths[col].setAttribute("aria-sort", this.sortDir > 0 ? "ascending" : "descending");
    var dir = this.sortDir;
    this.rows.sort(function (a, b) { return dir * compare(a.cells[col], b.cells[col]); });
    this.render();
  };
  Table.prototype.render = function () {
    var exp = expFilter.value, words = textFilter.value.toLowerCase().split(/\s+/).filter(Boolean);
    var expCol = this.expCol, cols = this.cols, html = [], shown = 0;
    for (var i = 0; i < this.rows.length; i++) {
      var row = this.rows[i];
      if (exp && row.cells[expCol] !== exp) continue;
      if (!words.every(function (w) { return row.text.indexOf(w) >= 0; })) continue;
      shown++;
      if (shown > LIMIT && !this.showAll) continue;
      var tds = row.cells.map(function (v, j) {
        var text = fmt(cols[j], v);
        if (row.page && cols[j] === "task_id") text = '<a href="runs/' + row.page + '">' + text + "</a>";
        return "<td>" + text + "</td>";
      });
      html.push("<tr>" + tds.join("") + "</tr>");
    }
    this.body.innerHTML = html.join("");
    if (shown > LIMIT && !this.showAll) {
      this.count.innerHTML = "first " + LIMIT + " of " + shown + " matching rows (" + this.rows.length +
        ' in all) · <a href="#" class="show-all">show all</a>';
      var self = this;
      this.count.querySelector(".show-all").addEventListener("click", function (ev) {
        ev.preventDefault(); self.showAll = true; self.render();
      });
    } else {
      this.count.textContent = shown + " of " + this.rows.length + " rows";
    }
  };

  var tables = [new Table("grid", data.grid, null), new Table("runs", data.runs, data.runs.pages)];
  function renderAll() { tables.forEach(function (t) { t.render(); }); }
  expFilter.addEventListener("change", renderAll);
  textFilter.addEventListener("input", renderAll);
  renderAll();
})();
