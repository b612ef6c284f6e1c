"""The words of ``phz serve``'s refusals, one line each, in English and Chinese: at the table (``refusal``:
the page shows the moves as buttons, so a refusal says why, never which number to type) and of every
request (``PageError``: a key of ``_E`` and its values, said in the language the page asks in)."""
from __future__ import annotations

from solver.game.moves import Ask, Move
from solver.game.record import RecordError
from solver.model.tiles import glyph

from .catalogue import say
from .play_words import why_words
from .table_view import move_words
from .words import error_in

__all__ = ["PageError", "record_refused", "refusal"]


def refusal(key: str, lang: str, *, text: str = "", move: Move | None = None, ask: Ask | None = None,
            reason: str | None = None, kan: bool = False) -> str:
    """One line: ``key`` one of unreadable (``text``), move (``move`` at ``ask``, the engine's ``reason``;
    ``kan``: a discard of a 坎's tile), no_decision, no_undo, not_over."""
    if key == "unreadable":
        return say("page_words.table_unreadable", lang, text=text[:24])
    if key != "move":
        return say(f"page_words.table_{key}", lang)
    assert move is not None and ask is not None  # a move refused at a decision
    if kan and move.tile is not None:
        return say("page_words.table_kan", lang, t=glyph(move.tile))
    words = move_words(move, ask.tile, lang)
    if reason is not None:
        return say("page_words.table_illegal", lang, move=words, why=why_words(reason, lang))
    return say("page_words.table_not_offered", lang, move=words)


#: a request refused: key -> (en, zh), placeholders by name
_E = {
    "no_game": ("no such game: it ended with the server, or was let go; start a new one",
                "没有这一局：服务器重启过，或者它已被清掉；请开一局新的"),
    "from_where": ("hand and n: the hand and the move to play on from", "hand 和 n：从哪一局的哪一步接着打"),
    "too_large": ("the request is too large (at most {kb} KB)", "请求太大（最多 {kb} KB）"),
    "not_json": ("the request is not JSON", "请求不是 JSON"),
    "not_object": ("the request is not a JSON object", "请求不是一个 JSON 对象"),
    "text": ("{key}: give it as text", "{key}：请给一段文字"),
    "text_long": ("{key}: at most {limit} characters", "{key}：最多 {limit} 个字符"),
    "number": ("{key}: a whole number from {low} to {high}", "{key}：{low} 到 {high} 之间的整数"),
    "lang": ("lang: en or zh", "lang：en 或 zh"),
    "rules_name": ("rules: a ruleset's name", "rules：规则的名字"),
    "rules_one_of": ("rules: one of {names}", "rules：可选 {names}"),
    "bots_list": ("bots: one bot's name, or a list of {n}", "bots：一个电脑的名字，或 {n} 个名字的列表"),
    "no_bot": ("bots: {name} is no bot; one of {names}", "bots：没有 {name} 这个电脑；可选 {names}"),
    "folder": ("cannot make the records folder {folder}: {why}", "无法建立记录文件夹 {folder}：{why}"),
    "source": ("source: one of {names}", "source：可选 {names}"),
    "hand": ("{key}: type the hand, e.g. 一二三壹贰叁贰柒拾四五六八九十七七七伍伍",
             "{key}：请输入手牌，例如 一二三壹贰叁贰柒拾四五六八九十七七七伍伍"),
    "kind": ("kind: a question kind's name", "kind：题型的名字"),
    "answer": ("answer: type your answer", "answer：请输入答案"),
    "qid": ("qid: the id of the question asked", "qid：所问题目的编号"),
    "no_question": ("no such question: ask the next one", "没有这道题：请做下一题"),
    "answered": ("already answered: ask the next question", "这道题已经答过了：请做下一题"),
    "cannot_read": ("Cannot read that: {said}. Try again.", "看不懂：{said}。请再答一次"),
    "record_text": ("text: the record's contents", "text：记录文件的内容"),
    "record_large": ("the record is too large for the page (at most {mb} MB): review it with phz review",
                     "记录太大，页面无法处理（最多 {mb} MB）：请用 phz review 复盘"),
    "record_bad": ("{why}", "这份记录读不了：{why}"),
    "record_name": ("record: the name of a record in the records folder (e.g. 20261205-101500-ab12cd.jsonl)",
                    "record：记录文件夹里一份记录的名字（例如 20261205-101500-ab12cd.jsonl）"),
    "record_missing": ("record: no record {name} in the records folder", "record：记录文件夹里没有 {name}"),
    "record_reviewed": ("record: the name of a record reviewed", "record：复盘过的记录的名字"),
    "review_first": ("record: review it first", "record：请先复盘这份记录"),
    "index": ("index: a decision of the review, 0 to {last}", "index：复盘里的一个决定，0 到 {last}"),
    "not_yours": ("index: that decision was not yours to make (nothing to drill)",
                  "index：那一步不是你做的决定（没有可练的）"),
    "other_hand": ("move {n} is in hand {found}, not hand {hand}", "第 {n} 步在第 {found} 局，不在第 {hand} 局"),
    "no_seed": ("this record does not say how its hand was dealt (no seed): play on with phz play --from",
                "这份记录没有写怎么发的牌（没有 seed）：请用 phz play --from 接着打"),
    "not_bots": ("the record's other players are not all bots of phz: name a bot to play on against",
                 "记录里的其他玩家不都是 phz 的电脑：请指定一个电脑来接着打"),
}


class PageError(ValueError):
    """A request refused: ``which`` of the words above with its ``values`` (a value given as an (en, zh) pair
    is said in each language); ``status`` the HTTP status.  ``str()`` is the English line."""

    def __init__(self, which: str, status: int = 400, /, **values: object):
        self.which, self.status, self.values = which, status, values
        super().__init__(self.said("en"))

    def said(self, lang: str) -> str:
        zh = lang == "zh"
        values = {k: (v[zh] if isinstance(v, tuple) else v) for k, v in self.values.items()}
        return _E[self.which][zh].format(**values)



def record_refused(e: RecordError, where: str) -> PageError:
    """A record the page cannot read (``RecordError``, at ``where``), said in both languages (``words.error_in``)."""
    line = e.at(where)
    return PageError("record_bad", why=(line, error_in(line, "zh")))
