// potlog's pages: the table drawn from its data (potlog state --json's), the live table kept up
// to date by server-sent events, and the hand replayer. Every text from the log (names, notes,
// titles) goes into the page as text (textContent), never as markup.
"use strict";
(function () {
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function cardEl(c) {
    var up = c.up;
    var unseen = c.card === "??";
    var e = el("span", "card" + (up ? " up" : " down") + (unseen ? " unseen" : "") + (c.red ? " red" : ""));
    e.textContent = unseen ? "\u00a0" : c.text;
    e.title = unseen ? "face down" : (up ? c.text : c.text + " (face down)");
    return e;
  }

  function cardsEl(cards) {
    var e = el("span", "cards");
    cards.forEach(function (c) { e.appendChild(cardEl(c)); });
    return e;
  }

  var PIPS = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];

  function diceEl(roll) {
    var e = el("span", "dice");
    roll.faces.forEach(function (f) {
      var d = el("span", "die", roll.sides === 6 && f >= 1 && f <= 6 ? PIPS[f] : String(f));
      d.title = String(f);
      e.appendChild(d);
    });
    e.appendChild(el("span", "sum", "= " + roll.faces.reduce(function (a, b) { return a + b; }, 0)));
    return e;
  }

  // each roller's last throw, in the order they last threw (as potlog state shows the dice)
  function lastRolls(dice) {
    var order = [], last = {};
    dice.forEach(function (r) {
      var k = r.player === null ? "" : r.player;
      var i = order.indexOf(k);
      if (i >= 0) order.splice(i, 1);
      order.push(k);
      last[k] = r;
    });
    return order.map(function (k) { return last[k]; });
  }

  function drawTable(root, t) {
    root.textContent = "";
    root.setAttribute("data-seq", t.seq);
    var hand = t.hand;
    var live = hand && !hand.ended;
    var head = el("div", "table-head");
    head.appendChild(el("span", "title", t.session + " \u00b7 " + t.game + (t.title ? " \u00b7 " + t.title : "")));
    var status = [];
    if (t.closed) status.push("session closed");
    if (hand) {
      status.push("hand " + hand.number + " (" + (hand.ended ? "ended" : hand.phase) + ") \u00b7 dealer " + hand.dealer);
      if (live && hand.to_act) status.push("to act: " + hand.to_act);
      if (live && hand.current_bet) status.push("bet to match: " + hand.current_bet);
    } else {
      status.push("no hand yet");
    }
    head.appendChild(el("span", "status", status.join(" \u00b7 ")));
    head.appendChild(el("span", "seq", "seq " + t.seq));
    root.appendChild(head);

    var felt = el("div", "felt");
    var seats = el("div", "seats");
    t.seats.forEach(function (s) {
      var cls = "seat";
      if (!s.active) cls += " left";
      if (live && s.folded) cls += " folded";
      if (live && s.all_in) cls += " all-in";
      if (live && hand.to_act === s.name) cls += " to-act";
      var box = el("div", cls);
      box.setAttribute("data-player", s.name);
      var name = el("div", "name");
      name.appendChild(el("span", "who", s.name));
      if (live && hand.dealer === s.name) name.appendChild(el("span", "dealer", "D"));
      box.appendChild(name);
      box.appendChild(el("div", "stack", s.stack + " " + t.chip_unit + (s.stack === 1 ? "" : "s")));
      if (live && s.hand_bet) box.appendChild(el("div", "bet", "in pot " + s.hand_bet));
      if (s.score !== null && s.score !== undefined) box.appendChild(el("div", "score", "score " + s.score));
      if (s.cards.length) box.appendChild(cardsEl(s.cards));
      var st = !s.active ? "left" : live && hand.to_act === s.name ? "to act" : live && s.folded ? "folded" :
        live && s.all_in ? "all-in" : "";
      if (st) box.appendChild(el("div", "seat-status", st));
      var net = el("div", "net" + (s.net < 0 ? " loss" : ""), (s.net > 0 ? "+" : "") + s.net);
      net.title = "net: stack + cashed out - bought in - rebought";
      box.appendChild(net);
      seats.appendChild(box);
    });
    felt.appendChild(seats);

    var middle = el("div", "middle");
    var pots = el("div", "pots");
    Object.keys(t.accounts).forEach(function (k) {
      var v = t.accounts[k];
      if (k === "bank" || (!v && k !== "pot")) return;
      var p = el("span", "pot", k + " " + v);
      p.setAttribute("data-account", k);
      pots.appendChild(p);
    });
    middle.appendChild(pots);
    if (hand) {
      Object.keys(hand.boards).forEach(function (b) {
        var row = el("div", "board");
        row.setAttribute("data-board", b);
        row.appendChild(el("span", "label", b));
        row.appendChild(cardsEl(hand.boards[b]));
        middle.appendChild(row);
      });
      lastRolls(hand.dice).forEach(function (r) {
        var row = el("div", "roll");
        row.appendChild(el("span", "label", r.player === null ? "dice" : r.player));
        row.appendChild(diceEl(r));
        middle.appendChild(row);
      });
      if (hand.trick.length) {
        var trick = el("div", "trick");
        trick.appendChild(el("span", "label", "trick"));
        hand.trick.forEach(function (p) {
          var one = el("span", "played");
          one.appendChild(el("span", "who", p.player));
          one.appendChild(cardEl({card: p.card, text: p.text, up: true, red: p.red}));
          trick.appendChild(one);
        });
        middle.appendChild(trick);
      }
    }
    if (t.game_view.length) {
      var view = el("dl", "game-view");
      t.game_view.forEach(function (v) {
        view.appendChild(el("dt", null, v.label));
        view.appendChild(el("dd", null, v.value));
      });
      middle.appendChild(view);
    }
    felt.appendChild(middle);
    root.appendChild(felt);

    if (t.legal.length) {
      var next = el("ul", "legal");
      t.legal.forEach(function (line) { next.appendChild(el("li", null, line)); });
      var box = el("div", "next");
      box.appendChild(el("span", "label", "next"));
      box.appendChild(next);
      root.appendChild(box);
    }
  }

  function readData(root) {
    var src = document.getElementById(root.getAttribute("data-source"));
    return JSON.parse(src.textContent);
  }

  function initLive(root) {
    var data = readData(root);
    var board = root.querySelector(".table");
    var recent = root.querySelector(".recent");
    var mark = root.querySelector(".live-mark");
    function show(d) {
      drawTable(board, d.table);
      recent.textContent = "";
      d.recent.forEach(function (r) {
        var li = el("li", null);
        li.appendChild(el("span", "seq", "#" + r.seq));
        li.appendChild(el("span", r.voided ? "text voided" : "text", r.text));
        recent.appendChild(li);
      });
    }
    show(data);
    if (!window.EventSource) return;
    var source = new EventSource(root.getAttribute("data-stream"));
    source.addEventListener("table", function (ev) {
      show(JSON.parse(ev.data));
      mark.textContent = "live";
      mark.className = "live-mark on";
    });
    source.addEventListener("moved", function () {  // the next game: the page at / shows it
      source.close();
      window.location.reload();
    });
    source.onerror = function () {
      mark.textContent = "reconnecting\u2026";
      mark.className = "live-mark off";
    };
    source.onopen = function () {
      mark.textContent = "live";
      mark.className = "live-mark on";
    };
  }

  function unpacked(src, then) {  // the export's data: base64 of gzipped JSON (see `packed`)
    var bytes = Uint8Array.from(atob(src.textContent.trim()), function (c) { return c.charCodeAt(0); });
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    new Response(stream).text().then(function (text) { then(JSON.parse(text)); });
  }

  function initReplayer(root) {
    var src = document.getElementById(root.getAttribute("data-source"));
    if (src.getAttribute("data-packed") !== "gzip") return replayer(root, JSON.parse(src.textContent));
    if (!window.DecompressionStream) {
      root.querySelector(".event").textContent = "this browser cannot unpack the replayer: open the page in a newer one";
      return;
    }
    unpacked(src, function (data) { replayer(root, data); });
  }

  function replayer(root, data) {
    var hands = data.hands;
    var board = root.querySelector(".table");
    var text = root.querySelector(".event");
    var where = root.querySelector(".where");
    var moved = root.querySelector(".moved");
    var pick = root.querySelector("select.hand");
    var h = 0, i = 0;
    if (pick) {
      hands.forEach(function (one, k) {
        var o = el("option", null, "hand " + one.hand);
        o.value = String(k);
        pick.appendChild(o);
      });
      pick.addEventListener("change", function () { h = Number(pick.value); i = 0; show(); });
    }
    function show() {
      if (!hands.length) { text.textContent = "no hands played yet"; return; }
      var frames = hands[h].frames;
      var f = frames[i];
      root.setAttribute("data-step", i);
      root.setAttribute("data-hand", hands[h].hand);
      if (pick) pick.value = String(h);
      where.textContent = "hand " + hands[h].hand + " \u00b7 step " + (i + 1) + " of " + frames.length + " \u00b7 #" + f.seq;
      text.textContent = f.text;
      moved.textContent = f.postings.map(function (p) {
        return p.amount + " " + p.from + " \u2192 " + p.to;
      }).join(", ");
      drawTable(board, f.table);
      root.querySelector(".first").disabled = root.querySelector(".prev").disabled = i === 0;
      root.querySelector(".last").disabled = root.querySelector(".next").disabled = i === frames.length - 1;
    }
    function go(k) {
      if (!hands.length) return;
      i = Math.max(0, Math.min(hands[h].frames.length - 1, k));
      show();
    }
    root.querySelector(".first").addEventListener("click", function () { go(0); });
    root.querySelector(".prev").addEventListener("click", function () { go(i - 1); });
    root.querySelector(".next").addEventListener("click", function () { go(i + 1); });
    root.querySelector(".last").addEventListener("click", function () { go(1e9); });
    root.addEventListener("keydown", function (ev) {
      if (ev.key === "ArrowRight") { go(i + 1); ev.preventDefault(); }
      if (ev.key === "ArrowLeft") { go(i - 1); ev.preventDefault(); }
    });
    show();
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-live]"), initLive);
    Array.prototype.forEach.call(document.querySelectorAll("[data-replayer]"), initReplayer);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
