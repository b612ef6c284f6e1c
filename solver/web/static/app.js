// phz serve: the page.  Plain ES2020, no framework, no build step.  Everything the page shows that the
// server did not compute is in the dictionary T below, in English and Chinese; the server's own words
// (log, coach, review, quiz, analysis) come in the language sent as `lang`.
"use strict";

(() => {
  // ------------------------------------------------------------------ constants

  const GLYPHS = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾";
  const TILES = [...GLYPHS];
  const SMALL = new Set(TILES.slice(0, 10));
  const RED = new Set([..."二七十贰柒拾"]);

  const T = {
    en: {
      brand: "Paohuzi coach", lang_button: "中文", lang_label: "切换到中文",
      tab_play: "Play", tab_review: "Review", tab_quiz: "Quiz", tab_analyse: "Analyse",
      ruleset: "Rules", players: "Players", players_default: "default ({n})", bots: "Bots",
      samples: "Coach samples", coach: "Coach", start: "New game", new_game_more: "New game…", chou_label: "臭 (passed)",
      play_intro: "Start a game: you play one seat, the bots play the others, and the coach grades each of your decisions.",
      hand_no: "hand {n}", rules_title: "{title}", stock: "stock {n}", last: "last tile", on_table: "on the table",
      how_discard: "discarded by {who}", how_draw: "drawn by {who}", dealer: "dealer", dealer_mark: "庄",
      sits_out: "sits out", to_move: "to move", score: "score {n}", face_up: "face up", melds: "melds",
      nothing: "—", your_hand: "Your hand", kan: "坎", hidden_tile: "a tile face down",
      move_on: "Your move on {t} ({origin}):", discard_prompt: "Discard a tile:", choose: "Your move:",
      no_decision: "Nothing for you to decide now.", over_prompt: "The hand is over.",
      hint: "Hint", undo: "Take back", why: "Why not?", review_game: "Review this game",
      next_hand: "Next hand", settlement: "Settlement",
      coach_h: "Coach", coach_off: "The coach is off for this game.",
      coach_none: "Make a move: the coach grades it here.", told: "Played for you:", hint_h: "Hint",
      best_mark: "best", thinking: "thinking…", log: "Log",
      record: "Game record", samples_review: "Samples", refresh: "Refresh", review_btn: "Review",
      no_records: "no records yet: play a game first",
      reviewing: "reviewing… (the judge plays each decision out; this can take several seconds)",
      decisions: "Decisions, worst first", no_decisions: "No decision to show (every move was forced).",
      jump: "Show", hand_move: "hand {h} · move {n}", options: "Options", played: "played", best: "best",
      loss: "loss {x}", why_h: "Why",
      upload: "Or a record file of yours", uploading: "reading the record…",
      play_from: "Play from here", drill_this: "Drill this",
      drilled: "Saved as a quiz question (kind: game).", drilled_again: "Already among your quiz questions.",
      kind: "Kind", any_kind: "any", drill: "Drill (a new random question)", next_question: "Next question",
      stats: "Stats", answer: "Your answer", backspace: "⌫", clear: "Clear", submit: "Submit",
      right: "✓ Right", wrong: "✗ Wrong", right_answer: "the answer: {a}", asking: "asking…",
      grading: "grading…",
      hand: "Hand", tile: "Tile (optional)", tile_none: "none", source: "From", analyse: "Analyse",
      analyse_intro: "Type a hand (or click the tiles): at rest, its waits; with one tile too many, its discards; with a tile, what you may do with it.",
      hand_ph: "e.g. 一二三壹贰叁贰柒拾四五六八九十七七七伍伍", answer_ph: "tiles (三伍), a number, yes/no…",
      analysing: "analysing…", loading: "loading…",
      offline: "the server does not answer: is phz serve still running?",
    },
    zh: {
      brand: "跑胡子教练", lang_button: "English", lang_label: "Switch to English",
      tab_play: "对局", tab_review: "复盘", tab_quiz: "练习", tab_analyse: "分析",
      ruleset: "规则", players: "人数", players_default: "默认（{n}人）", bots: "电脑",
      samples: "教练模拟局数", coach: "教练", start: "开始新局", new_game_more: "新开一局…", chou_label: "臭牌",
      play_intro: "开始一局：你坐一个位置，其他位置由电脑来打，教练给你的每个决定打分。",
      hand_no: "第{n}局", rules_title: "{title}", stock: "墩里{n}张", last: "墩底", on_table: "桌上",
      how_discard: "{who}打出", how_draw: "{who}摸出", dealer: "庄家", dealer_mark: "庄",
      sits_out: "坐底", to_move: "轮到", score: "{n}分", face_up: "亮着的牌", melds: "组合",
      nothing: "无", your_hand: "你的手牌", kan: "坎", hidden_tile: "扣着的牌",
      move_on: "你对{origin}的{t}：", discard_prompt: "打出一张牌：", choose: "你的选择：",
      no_decision: "现在没有要你做的决定。", over_prompt: "这一局结束了。",
      hint: "提示", undo: "悔一步", why: "为什么不行？", review_game: "复盘这一局",
      next_hand: "下一局", settlement: "结算",
      coach_h: "教练", coach_off: "这一局没有开教练。",
      coach_none: "走一步，教练会在这里点评。", told: "替你走的：", hint_h: "提示",
      best_mark: "最好", thinking: "思考中…", log: "记录",
      record: "对局记录", samples_review: "模拟局数", refresh: "刷新", review_btn: "复盘",
      no_records: "还没有记录：先打一局",
      reviewing: "复盘中…（每个决定都要模拟打完，可能要几秒钟）",
      decisions: "各个决定（最差的在前）", no_decisions: "没有可看的决定（每一步都是必走的）。",
      jump: "查看", hand_move: "第{h}局 · 第{n}步", options: "可选走法", played: "你走的", best: "最好",
      loss: "损失 {x}", why_h: "说明",
      upload: "或者你自己的记录文件", uploading: "读取记录中…",
      play_from: "从这里接着打", drill_this: "做成练习题",
      drilled: "已存为练习题（题型：对局）。", drilled_again: "这道题已经在你的练习题里了。",
      kind: "题型", any_kind: "任意", drill: "随机练习题", next_question: "下一题",
      stats: "统计", answer: "你的答案", backspace: "⌫", clear: "清空", submit: "提交",
      right: "✓ 答对了", wrong: "✗ 答错了", right_answer: "答案：{a}", asking: "出题中…",
      grading: "判分中…",
      hand: "手牌", tile: "牌（可不选）", tile_none: "不选", source: "来源", analyse: "分析",
      analyse_intro: "输入手牌（或点下面的牌）：不需要打牌时看听什么；多一张时看打哪张；选了一张牌时看能对它怎么走。",
      hand_ph: "例：一二三壹贰叁贰柒拾四五六八九十七七七伍伍", answer_ph: "牌（三伍）、数字、是/否…",
      analysing: "分析中…", loading: "载入中…",
      offline: "服务器没有响应：phz serve 还在运行吗？",
    },
  };

  // ------------------------------------------------------------------ state

  const params = new URLSearchParams(location.search);
  const TOKEN = params.get("token");
  const S = {
    lang: "en",
    info: null,
    tab: "play",
    game: null, // the last state of the game
    hint: null, // {lines, best} of the current decision
    showWhy: false,
    formOpen: false, // the new-game form shown while a game is on
    busy: false,
    review: null, // the last review's answer
    reviewAsked: null, // {body, lang} of that review (asked again in a new language when shown)
    reviewAt: null, // the index (into decisions) shown
    quiz: null, // {qid, kind, lines, answered}
    analysis: null, // the body of the last analysis shown
    statsShown: false,
  };

  const $ = (sel, root = document) => root.querySelector(sel);
  const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
  const panel = (name) => $(`[data-panel="${name}"]`);

  function t(key, vars) {
    let s = T[S.lang][key];
    if (s === undefined) s = T.en[key];
    if (s === undefined) return key;
    if (vars) for (const [k, v] of Object.entries(vars)) s = s.split(`{${k}}`).join(String(v));
    return s;
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === null || v === undefined || v === false) continue;
        if (k === "class") e.className = v;
        else if (k === "text") e.textContent = v;
        else if (k.startsWith("data-") || k.startsWith("aria-") || k === "title" || k === "role" || k === "type")
          e.setAttribute(k, v === true ? "" : v);
        else e[k] = v;
      }
    }
    for (const c of children) {
      if (c === null || c === undefined || c === false) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  }

  // ------------------------------------------------------------------ the server

  async function api(method, path, body) {
    const headers = {};
    if (TOKEN) headers["X-Phz-Token"] = TOKEN;
    const opts = { method, headers, credentials: "same-origin" };
    let url = path;
    if (method === "POST") {
      headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify({ ...(body || {}), lang: S.lang });
    } else {
      url += (url.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(S.lang);
    }
    let res;
    try {
      res = await fetch(url, opts);
    } catch (e) {
      throw new Error(t("offline"));
    }
    let data = null;
    try {
      data = await res.json();
    } catch (e) {
      data = null;
    }
    if (!res.ok) throw new Error(data && data.error ? data.error : `${res.status} ${res.statusText}`);
    return data;
  }

  function showError(name, message) {
    const box = $('[data-role="error"]', panel(name));
    box.textContent = message || "";
    box.hidden = !message;
  }

  // ------------------------------------------------------------------ tiles and text

  function tile(g, tag = "span") {
    const e = document.createElement(tag);
    e.className = "tile";
    if (g === null || g === undefined || g === "hidden") {
      e.classList.add("back");
      e.dataset.tile = "hidden";
      e.title = t("hidden_tile");
      e.setAttribute("aria-label", t("hidden_tile"));
      return e;
    }
    e.dataset.tile = g;
    e.textContent = g;
    e.classList.add(SMALL.has(g) ? "small" : "big");
    if (RED.has(g)) e.classList.add("red");
    return e;
  }

  function tiles(glyphs, cls = "") {
    const box = el("span", { class: ("tiles " + cls).trim() });
    for (const g of glyphs) box.append(tile(g));
    return box;
  }

  const isTiles = (word) => word.length > 0 && [...word].every((c) => GLYPHS.includes(c));

  // words such as "吃 chi 三四五 比 一二三": each run of glyphs drawn as tiles
  function wordsWithTiles(text) {
    const box = el("span", { class: "words" });
    for (const w of text.split(/\s+/).filter(Boolean)) {
      box.append(isTiles(w) ? tiles([...w]) : el("span", { class: w === "比" ? "bi" : "word", text: w }));
    }
    return box;
  }

  // a move as a record writes it ("chi 三四五 比 一二三", "discard 五", "pass") in this language
  // server text: red tiles in red, else as is
  function richLine(line) {
    const frag = document.createDocumentFragment();
    let run = "";
    for (const c of line) {
      if (RED.has(c)) {
        if (run) frag.append(run);
        run = "";
        frag.append(el("span", { class: "red-glyph", text: c }));
      } else run += c;
    }
    if (run) frag.append(run);
    return frag;
  }

  function setLines(pre, lines) {
    pre.textContent = "";
    (lines || []).forEach((line, i) => {
      if (i) pre.append("\n");
      pre.append(richLine(line));
    });
  }

  function pad(container, input) {
    container.textContent = "";
    for (const g of TILES) {
      const b = tile(g, "button");
      b.type = "button";
      b.title = g;
      b.addEventListener("click", () => {
        input.value += g;
        input.dispatchEvent(new Event("input"));
      });
      container.append(b);
    }
  }

  // ------------------------------------------------------------------ the table (a game's or a decision's)

  function seatOrder(n, me) {
    // the other seats from the upper player round to the lower, then the learner
    const out = [];
    for (let k = n - 1; k >= 1; k--) out.push((me + k) % n);
    out.push(me);
    return out;
  }

  function meldEl(m) {
    const n = m.tiles ? m.tiles.length : 3; // only another's 偎 is face down
    const group = m.tiles ? tiles(m.tiles) : tiles(Array(n).fill(null));
    return el("span", { class: "meld", "data-kind": m.kind }, el("span", { class: "meld-kind", text: m.zh }), group);
  }

  function drawTable(box, st, me) {
    box.textContent = "";
    const n = st.seats.length;
    const centre = el("div", { class: "centre" });
    centre.append(el("span", { class: "stock", "data-role": "stock", text: t("stock", { n: st.stock }) }));
    if (st.last) {
      centre.append(el("span", { class: "last", "data-role": "last" },
        el("span", { class: "label", text: t("last") }), tile(st.last)));
    }
    if (st.table) {
      const who = st.seats[st.table.by] ? st.seats[st.table.by].name : "?";
      const how = st.table.how === "draw" ? t("how_draw", { who }) : t("how_discard", { who });
      centre.append(el("span", { class: "on-table", "data-role": "on-table", "data-how": st.table.how },
        el("span", { class: "label", text: t("on_table") }), tile(st.table.tile), el("span", { class: "how", text: how })));
    }
    box.append(centre);
    const seats = el("div", { class: "seats" });
    for (const p of seatOrder(n, me)) {
      const s = st.seats[p];
      const cls = ["seat"];
      if (p === me) cls.push("me");
      if (s.turn) cls.push("turn");
      if (s.out) cls.push("out");
      const head = el("div", { class: "seat-head" },
        el("span", { class: "name", text: s.name }),
        s.dealer ? el("span", { class: "badge dealer", title: t("dealer"), text: t("dealer_mark") }) : null,
        s.out ? el("span", { class: "badge out", text: t("sits_out") }) : null,
        s.turn ? el("span", { class: "badge turn", text: "▶ " + t("to_move") }) : null,
        el("span", { class: "score", text: t("score", { n: s.score }) }));
      const melds = el("div", { class: "melds" });
      for (const m of s.melds) melds.append(meldEl(m));
      const faces = el("div", { class: "faces" });
      if (s.faces.length) faces.append(el("span", { class: "label", text: t("face_up") }), tiles(s.faces));
      seats.append(el("div", { class: cls.join(" "), "data-seat": p }, head,
        s.melds.length ? melds : null, s.faces.length ? faces : null));
    }
    box.append(seats);
  }

  function drawHand(box, hand) {
    box.textContent = "";
    for (const g of hand.loose) box.append(tiles(g, "group loose"));
    for (const g of hand.kan) {
      box.append(el("span", { class: "group kan", title: t("kan") },
        el("span", { class: "meld-kind", text: t("kan") }), tiles(g)));
    }
  }

  // ------------------------------------------------------------------ play

  function newGameForm() {
    const f = $('[data-role="new-game"]');
    const info = S.info;
    const rules = f.elements.rules;
    const current = rules.value || info.rules;
    rules.textContent = "";
    for (const r of info.rulesets) rules.append(el("option", { value: r, text: r }));
    rules.value = info.rulesets.includes(current) ? current : info.rulesets[0];
    playersOptions();
    const bots = f.elements.bots;
    const bot = bots.value || "basic";
    bots.textContent = "";
    for (const b of info.bots) {
      bots.append(el("option", { value: b.name, text: b.name, title: S.lang === "zh" ? b.zh : b.en }));
    }
    bots.value = info.bots.some((b) => b.name === bot) ? bot : info.bots[0].name;
  }

  // the coach's and the review's deals a choice: the server's range and default (the judge's one number)
  function samplesInputs() {
    for (const [form, kind] of [["new-game", "coach"], ["review-form", "review"]]) {
      const input = $(`[data-role="${form}"]`).elements.samples;
      const s = S.info.samples[kind];
      input.min = String(s.min);
      input.max = String(s.max);
      if (!input.value) input.value = String(s.default);
    }
  }

  function playersOptions() {
    const f = $('[data-role="new-game"]');
    const sel = f.elements.players;
    const chosen = sel.value;
    const r = f.elements.rules.value;
    const n = (S.info.seats && S.info.seats[r]) || (r === S.info.rules ? S.info.players.default : "?");
    sel.textContent = "";
    sel.append(el("option", { value: "", text: t("players_default", { n }) }));
    for (let k = S.info.players.min; k <= S.info.players.max; k++) sel.append(el("option", { value: String(k), text: String(k) }));
    sel.value = chosen;
  }

  async function startGame(ev) {
    ev.preventDefault();
    const f = ev.currentTarget;
    const body = { rules: f.elements.rules.value, bots: f.elements.bots.value, coach: f.elements.coach.checked };
    if (f.elements.players.value) body.players = Number(f.elements.players.value);
    const samples = f.elements.samples.value.trim();
    if (samples) body.samples = Number(samples);
    await playRequest(() => api("POST", "/api/games", body), true);
  }

  // a request of the game: busy while waiting, then the new state drawn (or its error shown)
  async function playRequest(call, fresh = false) {
    if (S.busy) return;
    setBusy(true);
    showError("play", "");
    try {
      const st = await call();
      if (fresh || !S.game || st.id !== S.game.id || JSON.stringify(st.ask) !== JSON.stringify(S.game.ask)) {
        S.hint = null;
        S.showWhy = false;
      }
      S.game = st;
      if (fresh) S.formOpen = false;
    } catch (e) {
      showError("play", e.message);
    } finally {
      setBusy(false);
      drawGame();
    }
  }

  function setBusy(on) {
    S.busy = on;
    const p = panel("play");
    p.classList.toggle("busy", on);
    p.setAttribute("aria-busy", on ? "true" : "false");
    for (const b of $$("button", p)) if (on) b.disabled = true;
    if (on) {
      const prompt = $('[data-role="prompt"]', p);
      prompt.textContent = t("thinking");
      prompt.classList.add("thinking");
    } else {
      for (const b of $$("button", p)) b.disabled = false;
      $('[data-role="prompt"]', p).classList.remove("thinking");
    }
  }

  function drawGame() {
    const p = panel("play");
    const st = S.game;
    $('[data-role="intro"]', p).hidden = !!st;
    $('[data-role="game"]', p).hidden = !st;
    $('[data-role="new-game"]', p).hidden = !!st && !S.formOpen;
    $('[data-role="show-form"]', p).hidden = !st || S.formOpen;
    if (!st) return;
    $('[data-role="game-head"]', p).textContent = `${st.title} · ${t("hand_no", { n: st.hand_no })}`;
    drawTable($('[data-role="table"]', p), st, st.me);
    drawHand($('[data-role="hand"]', p), st.hand);
    $('[data-role="chou"]', p).textContent = st.chou ? `${t("chou_label")}: ${st.chou}` : "";

    // the decision
    const ask = st.ask;
    const prompt = $('[data-role="prompt"]', p);
    const moves = $('[data-role="moves"]', p);
    moves.textContent = "";
    if (ask) {
      prompt.textContent = ask.stage === "discard" && !ask.tile ? t("discard_prompt") :
        ask.tile ? t("move_on", { t: ask.tile, origin: ask.origin_words || "" }) : t("choose");
      if (ask.tile && ask.stage !== "discard") prompt.append(" ", tile(ask.tile));
      const tileRow = el("div", { class: "move-tiles" });
      const other = el("div", { class: "move-words" });
      for (const o of ask.options) {
        const best = S.hint && S.hint.best === o.move;
        const b = el("button", { type: "button", class: "move" + (best ? " best" : ""), "data-move": o.move,
          "data-kind": o.kind, title: o.words });
        if (o.kind === "discard" && o.tile) {
          b.classList.add("tile-move");
          b.append(tile(o.tile));
          b.setAttribute("aria-label", o.words);
          tileRow.append(b);
        } else {
          b.append(wordsWithTiles(o.words));
          other.append(b);
        }
        if (best) b.append(el("span", { class: "best-mark", text: "★ " + t("best_mark") }));
        if (o.chou) b.append(el("span", { class: "warn", "data-role": "chou-warning", text: "⚠ " + o.chou }));
        b.addEventListener("click", () => playRequest(() => api("POST", `/api/games/${st.id}/move`, { move: o.move })));
      }
      if (other.childElementCount) moves.append(other);
      if (tileRow.childElementCount) moves.append(tileRow);
    } else {
      prompt.textContent = st.over ? t("over_prompt") : t("no_decision");
    }
    const why = $('[data-role="why"]', p);
    const whyToggle = $('[data-role="why-toggle"]', p);
    setLines(why, ask ? ask.why : []);
    whyToggle.hidden = !ask || !ask.why || !ask.why.length;
    why.hidden = whyToggle.hidden || !S.showWhy;
    whyToggle.setAttribute("aria-expanded", S.showWhy ? "true" : "false");
    $('[data-role="hint"]', p).hidden = !ask;
    $('[data-role="undo"]', p).disabled = S.busy || !st.can_undo;
    $('[data-role="review-game"]', p).hidden = !st.record || !!st.over;

    // the coach
    const coach = $('[data-role="coach"]', p);
    coach.textContent = "";
    coach.append(el("h3", { text: t("coach_h") }));
    if (!st.coach_on) coach.append(el("p", { class: "muted", text: t("coach_off") }));
    if (st.coach && st.coach.length) {
      const pre = el("pre", { class: "lines wrap", "data-role": "coach-lines" });
      setLines(pre, st.coach);
      const said = (st.coach[0].match(/[(（](ok|inaccuracy|mistake|blunder|可以|欠佳|失误|大错)[)）]/) || [])[1];
      const grade = { 可以: "ok", 欠佳: "inaccuracy", 失误: "mistake", 大错: "blunder" }[said] || said;
      if (grade) pre.dataset.grade = grade;
      coach.append(pre);
    } else if (st.coach_on) {
      coach.append(el("p", { class: "muted", text: t("coach_none") }));
    }
    if (st.told && st.told.length) {
      const told = el("p", { class: "told", "data-role": "told" }, el("span", { class: "label", text: t("told") }));
      for (const w of st.told) told.append(" ", wordsWithTiles(w));
      coach.append(told);
    }
    if (S.hint) {
      coach.append(el("h4", { text: t("hint_h") }));
      const pre = el("pre", { class: "lines wrap hint", "data-role": "hint-lines" });
      setLines(pre, S.hint.lines);
      coach.append(pre);
    }

    // the settlement
    const over = $('[data-role="over"]', p);
    over.hidden = !st.over;
    if (st.over) {
      setLines($('[data-role="settlement"]', p), st.over.lines);
      const groups = $('[data-role="win-groups"]', p);
      groups.textContent = "";
      for (const g of st.over.groups || []) {
        groups.append(el("span", { class: "meld", "data-kind": g.kind }, el("span", { class: "meld-kind", text: g.kind }),
          tiles(g.tiles), el("span", { class: "huxi", text: String(g.huxi) })));
      }
      groups.hidden = !groups.childElementCount;
    }
    $('[data-role="review-this"]', p).hidden = !st.record;

    // the log, newest last, scrolled to the end
    const log = $('[data-role="log"]', p);
    log.textContent = "";
    for (const line of st.log) log.append(el("li", null, richLine(line)));
    log.scrollTop = log.scrollHeight;
  }

  async function askHint() {
    const st = S.game;
    if (!st || !st.ask || S.busy) return;
    setBusy(true);
    showError("play", "");
    try {
      S.hint = await api("POST", `/api/games/${st.id}/hint`, {});
    } catch (e) {
      showError("play", e.message);
    } finally {
      setBusy(false);
      drawGame();
    }
  }

  function reviewThisGame() {
    if (!S.game || !S.game.record) return;
    openTab("review", S.game.record);
  }

  // ------------------------------------------------------------------ review

  // a decision's hand number (``hand_no``; ``hand`` is its tiles)
  const handNo = (d) => (typeof d.hand_no === "number" ? d.hand_no : typeof d.hand === "number" ? d.hand : "?");

  async function loadRecords(select) {
    const p = panel("review");
    const sel = $('[data-role="records"]', p);
    const keep = select || sel.value;
    showError("review", "");
    try {
      const data = await api("GET", "/api/records");
      sel.textContent = "";
      for (const r of data.records) {
        const when = new Date(r.mtime * 1000).toLocaleString(S.lang === "zh" ? "zh-CN" : "en-GB");
        sel.append(el("option", { value: r.name, text: `${r.name} · ${when}` }));
      }
      if (!data.records.length) sel.append(el("option", { value: "", text: t("no_records") }));
      if (keep && data.records.some((r) => r.name === keep)) sel.value = keep;
      $('[data-role="review-go"]', p).disabled = !data.records.length;
    } catch (e) {
      showError("review", e.message);
    }
  }

  async function runReview(ev, again) {
    if (ev) ev.preventDefault();
    const p = panel("review");
    const f = $('[data-role="review-form"]', p);
    let body = again;
    if (!body) {
      const record = f.elements.record.value;
      if (!record) return;
      body = { record };
      const samples = f.elements.samples.value.trim();
      if (samples) body.samples = Number(samples);
    }
    const progress = $('[data-role="progress"]', p);
    const go = $('[data-role="review-go"]', p);
    progress.textContent = t("reviewing");
    progress.hidden = false;
    go.disabled = true;
    p.setAttribute("aria-busy", "true");
    showError("review", "");
    try {
      const at = again ? S.reviewAt : null;
      S.review = await api("POST", "/api/review", body);
      S.reviewAsked = { body, lang: S.lang };
      S.reviewAt = at;
      drawReview();
    } catch (e) {
      showError("review", e.message);
    } finally {
      progress.hidden = true;
      go.disabled = false;
      p.setAttribute("aria-busy", "false");
    }
  }

  function drawReview() {
    const p = panel("review");
    const r = S.review;
    $('[data-role="review"]', p).hidden = !r;
    if (!r) return;
    setLines($('[data-role="review-lines"]', p), r.lines);
    const list = $('[data-role="decisions"]', p);
    list.textContent = "";
    if (!r.decisions.length) list.append(el("li", { class: "muted", text: t("no_decisions") }));
    for (const i of r.worst) {
      const d = r.decisions[i];
      const b = el("button", { type: "button", class: "jump", "data-role": "jump", "data-index": i },
        el("span", { class: "where", text: t("hand_move", { h: handNo(d), n: d.n }) }),
        el("span", { class: "grade", "data-grade": d.grade || "none", text: d.grade_words || "—" }),
        el("span", { class: "line", text: d.line }));
      if (S.reviewAt === i) b.classList.add("current");
      b.addEventListener("click", () => {
        S.reviewAt = i;
        drawReview();
        const detail = $('[data-role="detail"]', p);
        if (detail.scrollIntoView) detail.scrollIntoView({ block: "nearest" });
      });
      list.append(el("li", null, b));
    }
    const detail = $('[data-role="detail"]', p);
    detail.textContent = "";
    if (S.reviewAt === null || !r.decisions[S.reviewAt]) return;
    const d = r.decisions[S.reviewAt];
    detail.append(el("h3", null, t("hand_move", { h: handNo(d), n: d.n }), " · ",
      el("span", { class: "grade", "data-grade": d.grade || "none", text: d.grade_words || "—" }),
      d.loss ? el("span", { class: "muted", text: " · " + t("loss", { x: Number(d.loss).toFixed(1) }) }) : null));
    const table = el("div", { class: "table", "data-role": "table" });
    drawTable(table, d, r.seat);
    detail.append(table);
    const hand = el("div", { class: "hand", "data-role": "hand" });
    drawHand(hand, d.hand);
    detail.append(el("div", { class: "hand-box" }, el("h3", { text: t("your_hand") }), hand,
      d.chou ? el("p", { class: "chou", text: `${t("chou_label")}: ${d.chou}` }) : null));
    const opts = el("ul", { class: "options", "data-role": "options" });
    d.options.forEach((m, i) => {
      const li = el("li", { class: "option", "data-option": m }, wordsWithTiles(d.option_words[i]));
      if (m === d.move) {
        li.classList.add("played");
        li.append(el("span", { class: "badge played", text: t("played") }));
      }
      if (m === d.best) {
        li.classList.add("best");
        li.append(el("span", { class: "badge best", text: "★ " + t("best") }));
      }
      opts.append(li);
    });
    detail.append(el("h4", { text: t("options") }), opts);
    if (d.why) detail.append(el("h4", { text: t("why_h") }), el("p", { class: "why-text" }, richLine(d.why)));
    if (d.best !== null && d.best !== undefined) {
      const at = S.reviewAt;
      const from = el("button", { type: "button", "data-role": "play-from", text: t("play_from") });
      const drill = el("button", { type: "button", "data-role": "drill", text: t("drill_this") });
      const said = el("p", { class: "muted", "data-role": "drilled", role: "status" });
      from.addEventListener("click", () => playFrom(d));
      drill.addEventListener("click", () => drillThis(at, said));
      detail.append(el("div", { class: "actions" }, from, drill), said);
    }
  }

  // a game from the position before this decision (the review's record), with the coach on
  async function playFrom(d) {
    openTab("play");
    await playRequest(() => api("POST", "/api/games/from",
      { record: S.review.record, hand: handNo(d), n: d.n, coach: true }), true);
  }

  // the decision saved as a question of the quiz (kind game)
  async function drillThis(index, said) {
    showError("review", "");
    try {
      const r = await api("POST", "/api/review/drill", { record: S.review.record, index });
      said.textContent = r.new ? t("drilled") : t("drilled_again");
    } catch (e) {
      showError("review", e.message);
    }
  }

  // a record file chosen by the learner: sent, copied into the records folder, then selected
  async function uploadRecord(ev) {
    const input = ev.currentTarget;
    const file = input.files && input.files[0];
    if (!file) return;
    const progress = $('[data-role="progress"]', panel("review"));
    progress.textContent = t("uploading");
    progress.hidden = false;
    showError("review", "");
    try {
      const r = await api("POST", "/api/records", { name: file.name, text: await file.text() });
      await loadRecords(r.name);
    } catch (e) {
      showError("review", e.message);
    } finally {
      progress.hidden = true;
      input.value = "";
    }
  }

  // ------------------------------------------------------------------ quiz

  function kindsSelect() {
    const sel = $('[data-role="kinds"]');
    const keep = sel.value;
    sel.textContent = "";
    sel.append(el("option", { value: "", text: t("any_kind") }));
    for (const k of S.info.kinds) {
      sel.append(el("option", { value: k.name, text: S.lang === "zh" ? `${k.zh}（${k.name}）` : k.name }));
    }
    sel.value = keep;
  }

  async function nextQuestion(ev) {
    if (ev) ev.preventDefault();
    const p = panel("quiz");
    const f = $('[data-role="quiz-form"]', p);
    const body = { drill: f.elements.drill.checked };
    if (f.elements.kind.value) body.kind = f.elements.kind.value;
    const go = $('[data-role="quiz-next"]', p);
    go.disabled = true;
    showError("quiz", "");
    try {
      const q = await api("POST", "/api/quiz/next", body);
      S.quiz = { ...q, answered: null };
      const input = $('[data-role="answer"]', p);
      input.value = "";
      drawQuiz();
      input.focus();
    } catch (e) {
      showError("quiz", e.message);
    } finally {
      go.disabled = false;
    }
  }

  async function submitAnswer(ev) {
    ev.preventDefault();
    const p = panel("quiz");
    const q = S.quiz;
    if (!q || q.answered) return;
    const input = $('[data-role="answer"]', p);
    const submit = $('[data-role="submit"]', p);
    submit.disabled = true;
    showError("quiz", "");
    try {
      q.answered = await api("POST", "/api/quiz/answer", { qid: q.qid, answer: input.value });
      drawQuiz();
      if (S.statsShown) loadStats();
    } catch (e) {
      showError("quiz", e.message);
      input.focus();
    } finally {
      submit.disabled = !!(S.quiz && S.quiz.answered);
    }
  }

  function drawQuiz() {
    const p = panel("quiz");
    const q = S.quiz;
    $('[data-role="quiz"]', p).hidden = !q;
    if (!q) return;
    setLines($('[data-role="question"]', p), q.lines);
    const verdict = $('[data-role="verdict"]', p);
    const expl = $('[data-role="explanation"]', p);
    const a = q.answered;
    verdict.hidden = !a;
    expl.hidden = !a;
    $('[data-role="submit"]', p).disabled = !!a;
    $('[data-role="answer"]', p).readOnly = !!a;
    if (!a) return;
    verdict.className = "verdict " + (a.correct ? "right" : "wrong");
    verdict.textContent = "";
    verdict.append(el("strong", { text: a.correct ? t("right") : t("wrong") }));
    if (!a.correct && a.right) verdict.append(" · ", t("right_answer", { a: a.right }));
    setLines(expl, a.explanation);
  }

  async function loadStats() {
    const p = panel("quiz");
    showError("quiz", "");
    try {
      const s = await api("GET", "/api/stats");
      S.statsShown = true;
      $('[data-role="stats-box"]', p).hidden = false;
      setLines($('[data-role="stats"]', p), s.lines.join("\n").split("\n"));
    } catch (e) {
      showError("quiz", e.message);
    }
  }

  // ------------------------------------------------------------------ analyse

  function analyseSelects() {
    const p = panel("analyse");
    const tileSel = $('[data-role="tile"]', p);
    const keepTile = tileSel.value;
    tileSel.textContent = "";
    tileSel.append(el("option", { value: "", text: t("tile_none") }));
    for (const g of TILES) tileSel.append(el("option", { value: g, text: g }));
    tileSel.value = keepTile;
    const src = $('[data-role="source"]', p);
    const origins = S.info ? S.info.origins : [];
    const keepSrc = src.value || (origins.length ? origins[0].name : "");
    src.textContent = "";
    for (const o of origins) src.append(el("option", { value: o.name, text: o[S.lang] }));
    src.value = keepSrc;
    src.disabled = !tileSel.value;
  }

  async function analyse(ev, again) {
    if (ev) ev.preventDefault();
    const p = panel("analyse");
    const f = $('[data-role="analyse-form"]', p);
    let body = again;
    if (!body) {
      body = { hand: f.elements.hand.value.trim() };
      if (f.elements.tile.value) {
        body.tile = f.elements.tile.value;
        body.source = f.elements.source.value;
      }
    }
    const go = $('[data-role="analyse-go"]', p);
    go.disabled = true;
    p.setAttribute("aria-busy", "true");
    showError("analyse", "");
    const out = $('[data-role="analysis"]', p);
    try {
      const a = await api("POST", "/api/analyse", body);
      S.analysis = body;
      setLines(out, a.lines);
      out.dataset.kind = a.kind;
      out.hidden = false;
    } catch (e) {
      showError("analyse", e.message);
    } finally {
      go.disabled = false;
      p.setAttribute("aria-busy", "false");
    }
  }

  // ------------------------------------------------------------------ tabs and language

  function openTab(name, record) {
    S.tab = name;
    for (const b of $$('[data-role="tabs"] [data-tab]')) {
      const on = b.dataset.tab === name;
      b.setAttribute("aria-selected", on ? "true" : "false");
      b.classList.toggle("current", on);
    }
    for (const s of $$("[data-panel]")) s.hidden = s.dataset.panel !== name;
    if (name === "review") {
      loadRecords(record);
      // a review shown in the other language: asked again in this one
      if (S.review && S.reviewAsked && S.reviewAsked.lang !== S.lang) runReview(null, S.reviewAsked.body);
    }
  }

  function applyLang() {
    document.documentElement.lang = S.lang === "zh" ? "zh-CN" : "en";
    for (const e of $$("[data-i18n]")) e.textContent = t(e.dataset.i18n);
    const lang = $('[data-role="lang"]');
    lang.textContent = t("lang_button");
    lang.title = t("lang_label");
    lang.setAttribute("aria-label", t("lang_label"));
    $('[data-role="hand-input"]').placeholder = t("hand_ph");
    $('[data-role="answer"]').placeholder = t("answer_ph");
    if (S.info) {
      newGameForm();
      kindsSelect();
    }
    analyseSelects();
  }

  // the language switched: the page's words at once, the server's words fetched again
  async function switchLang() {
    S.lang = S.lang === "zh" ? "en" : "zh";
    applyLang();
    drawGame();
    drawReview();
    drawQuiz();
    const jobs = [];
    if (S.game) {
      jobs.push((async () => {
        try {
          S.game = await api("GET", `/api/games/${S.game.id}`);
          if (S.hint && S.game.ask) S.hint = await api("POST", `/api/games/${S.game.id}/hint`, {});
          else S.hint = null;
        } catch (e) {
          showError("play", e.message);
        }
        drawGame();
      })());
    }
    if (S.analysis) jobs.push(analyse(null, S.analysis));
    if (S.quiz) {
      jobs.push((async () => {
        try {
          S.quiz = await api("GET", `/api/quiz/${S.quiz.qid}`);
        } catch (e) {
          showError("quiz", e.message);
        }
        drawQuiz();
      })());
    }
    if (S.statsShown) jobs.push(loadStats());
    if (S.tab === "review") {
      jobs.push(loadRecords());
      if (S.review && S.reviewAsked) jobs.push(runReview(null, S.reviewAsked.body));
    }
    await Promise.all(jobs);
  }

  // ------------------------------------------------------------------ start

  async function init() {
    for (const b of $$('[data-role="tabs"] [data-tab]')) b.addEventListener("click", () => openTab(b.dataset.tab));
    $('[data-role="lang"]').addEventListener("click", switchLang);

    const play = panel("play");
    $('[data-role="new-game"]').addEventListener("submit", startGame);
    $('[data-role="new-game"]').elements.rules.addEventListener("change", playersOptions);
    $('[data-role="hint"]', play).addEventListener("click", askHint);
    $('[data-role="undo"]', play).addEventListener("click", () => {
      if (S.game) playRequest(() => api("POST", `/api/games/${S.game.id}/undo`, {}));
    });
    $('[data-role="next"]', play).addEventListener("click", () => {
      if (S.game) playRequest(() => api("POST", `/api/games/${S.game.id}/next`, {}), true);
    });
    $('[data-role="why-toggle"]', play).addEventListener("click", () => {
      S.showWhy = !S.showWhy;
      drawGame();
    });
    $('[data-role="review-game"]', play).addEventListener("click", reviewThisGame);
    $('[data-role="show-form"]', play).addEventListener("click", () => {
      S.formOpen = true;
      drawGame();
    });
    $('[data-role="review-this"]', play).addEventListener("click", reviewThisGame);

    const review = panel("review");
    $('[data-role="review-form"]', review).addEventListener("submit", runReview);
    $('[data-role="refresh"]', review).addEventListener("click", () => loadRecords());
    $('[data-role="record-file"]', review).addEventListener("change", uploadRecord);

    const quiz = panel("quiz");
    const answer = $('[data-role="answer"]', quiz);
    pad($('[data-role="pad"]', quiz), answer);
    $('[data-role="quiz-form"]', quiz).addEventListener("submit", nextQuestion);
    $('[data-role="answer-form"]', quiz).addEventListener("submit", submitAnswer);
    $('[data-role="answer-back"]', quiz).addEventListener("click", () => { answer.value = [...answer.value].slice(0, -1).join(""); });
    $('[data-role="answer-clear"]', quiz).addEventListener("click", () => { answer.value = ""; });
    $('[data-role="stats-button"]', quiz).addEventListener("click", loadStats);

    const an = panel("analyse");
    const hand = $('[data-role="hand-input"]', an);
    pad($('[data-role="pad"]', an), hand);
    $('[data-role="analyse-form"]', an).addEventListener("submit", analyse);
    $('[data-role="hand-back"]', an).addEventListener("click", () => { hand.value = [...hand.value].slice(0, -1).join(""); });
    $('[data-role="hand-clear"]', an).addEventListener("click", () => { hand.value = ""; });
    $('[data-role="tile"]', an).addEventListener("change", (e) => {
      $('[data-role="source"]', an).disabled = !e.currentTarget.value;
    });

    const asked = params.get("lang");
    S.lang = asked === "zh" || asked === "en" ? asked :
      (navigator.language || "").toLowerCase().startsWith("zh") ? "zh" : "en";
    applyLang();
    const hash = location.hash.replace("#", "");
    openTab(["play", "review", "quiz", "analyse"].includes(hash) ? hash : "play");
    try {
      S.info = await api("GET", "/api/info");
      if (!asked && S.info.lang) S.lang = S.info.lang;
      samplesInputs();
      applyLang();
    } catch (e) {
      showError("play", e.message);
    }
    document.body.dataset.ready = "true";
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
