/* Two runs of one task side by side: pick the task, then the left and right run; the choice
   is kept in the address (#a=RUN&b=RUN). Each side is the run's own page in a frame. */
(function () {
  "use strict";
  var runs = window.CD_OVERVIEW.runs, cols = runs.columns;
  var T = cols.indexOf("task_id"), E = cols.indexOf("experiment"), S = cols.indexOf("seed"),
      P = cols.indexOf("protocol"), ID = cols.indexOf("debate_id");
  var byTask = {}, byId = {};
  runs.rows.forEach(function (r, i) {
    var run = { id: r[ID], task: r[T], label: r[E] + " · " + r[P] + " · seed " + (r[S] === null ? "–" : r[S]),
                page: runs.pages[i] };
    (byTask[run.task] = byTask[run.task] || []).push(run);
    byId[run.id] = run;
  });
  var task = document.getElementById("task"), left = document.getElementById("left"),
      right = document.getElementById("right");
  function options(select, items, value, text) {
    select.innerHTML = "";
    items.forEach(function (it) {
      var o = document.createElement("option");
      o.value = value(it); o.textContent = text(it);
      select.appendChild(o);
    });
  }
  function params() {
    var out = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
      var p = kv.split("="); if (p[0]) out[p[0]] = decodeURIComponent(p[1] || "");
    });
    return out;
  }
  function show() {
    document.getElementById("frame-left").src = "runs/" + byId[left.value].page;
    document.getElementById("frame-right").src = "runs/" + byId[right.value].page;
    history.replaceState(null, "", "#a=" + left.value + "&b=" + right.value);
  }
  function pickTask(name, a, b) {
    var list = byTask[name];
    options(left, list, function (r) { return r.id; }, function (r) { return r.label; });
    options(right, list, function (r) { return r.id; }, function (r) { return r.label; });
    left.value = a || list[0].id;
    right.value = b || (list[1] || list[0]).id;
    show();
  }
  var names = Object.keys(byTask).sort();
  options(task, names, String, String);
  var p = params(), a = byId[p.a], b = byId[p.b];
  task.value = a ? a.task : names[0];
  pickTask(task.value, a && a.id, b && b.task === (a && a.task) ? b.id : null);
  task.addEventListener("change", function () { pickTask(task.value); });
  left.addEventListener("change", show);
  right.addEventListener("change", show);
})();
