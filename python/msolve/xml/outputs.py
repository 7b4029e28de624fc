"""Requests of a MotionSolve XML dataset, read and written: ``Post_Request``."""

from __future__ import annotations

from ..outputs import Request
from .element import _keep, _marker
from .registry import reads, writes

_REQUEST_TYPES = {
    "MARKER_DISPLACEMENT": "DISPLACEMENT",
    "DISPLACEMENT": "DISPLACEMENT",
    "MARKER_VELOCITY": "VELOCITY",
    "VELOCITY": "VELOCITY",
    "MARKER_ACCELERATION": "ACCELERATION",
    "ACCELERATION": "ACCELERATION",
    "MARKER_FORCE": "FORCE",
    "FORCE": "FORCE",
    "EXPRESSION": "EXPRESSION",
    "USERSUB": "USERSUB",
    "ELEMENTAL_FORCE": None,
}
_REQUEST_NAMES = {
    "DISPLACEMENT": "MARKER_DISPLACEMENT",
    "VELOCITY": "MARKER_VELOCITY",
    "ACCELERATION": "MARKER_ACCELERATION",
    "FORCE": "MARKER_FORCE",
}


@reads("Post_Request")
def read_request(reader, el):
    kind = el.word("type", _REQUEST_TYPES, required=True)
    if kind is None:
        return _keep(reader, el, "Post_Request of type ELEMENTAL_FORCE")
    kwds = {}
    comment = el.text("comment")
    if comment:
        kwds["comment"] = comment
    param, routine = reader.routine(el, "REQSUB")
    if kind == "USERSUB" or routine is not None:
        if routine is None:
            raise el.error("type USERSUB needs 'script_name' or 'usrsub_dll_name'")
        kwds.update(type="EXPRESSION", function=param or "", routine=routine)
    elif kind == "EXPRESSION":
        kwds["type"] = "EXPRESSION"
        for k in range(1, 9):
            text = el.text(f"expr{k}")
            if text and text.upper() != "NULL":
                kwds[f"f{k}"] = text
    else:
        kwds["type"] = kind
    request = reader.create(el, Request, **kwds)
    if kind not in ("EXPRESSION", "USERSUB"):
        _marker(reader, el, "i_marker_id", request, "i")
        _marker(reader, el, "j_marker_id", request, "j", required=False)
        _marker(reader, el, "ref_marker_id", request, "rm", required=False)
    el.finish()


@writes(Request, section="outputs")
def write_request(w, r):
    e = w.add("Post_Request", r)
    if r.routine is not None:
        w.routine(e, r, "REQSUB")
    elif r.type == "EXPRESSION":
        e.set("type", "EXPRESSION")
        for k in range(1, 9):
            text = getattr(r, f"f{k}")
            e.set(f"expr{k}", text if text else "NULL")
    else:
        e.set("type", _REQUEST_NAMES[r.type])
        e.set("i_marker_id", w.need(r, "i"))
        e.set("j_marker_id", w.ref(r, "j")).set("ref_marker_id", w.ref(r, "rm"))
    if r.comment:
        e.set("comment", r.comment)
