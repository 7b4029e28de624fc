"""A small, defensive XML reader for MotionSolve datasets.

The dataset is parsed with expat into plain ``Node`` objects that remember their line and
column. Hostile input is refused with a ``DatasetError`` that names the file and line:

* no document type declaration (so no entities, no external entities, no entity expansion);
* at most ``MAX_DEPTH`` nested elements, ``MAX_ELEMENTS`` elements and ``MAX_BYTES`` bytes;
* malformed, truncated or wrongly encoded text is reported with expat's position.

Element and attribute names are case-insensitive in MotionSolve: nodes keep the name as
written (for messages) and a lower-case key (for look-ups).
"""

from __future__ import annotations

import os
import re
from xml.parsers import expat

MAX_BYTES = 256 * 1024 * 1024
MAX_DEPTH = 64
MAX_ELEMENTS = 2_000_000
MAX_TEXT = 64 * 1024 * 1024


class DatasetError(ValueError):
    """A dataset that cannot be read: names the file, the line and the element."""

    def __init__(self, message, path=None, line=None, element=None):
        self.path = path
        self.line = line
        self.element = element
        self.reason = message
        super().__init__(_where(path, line, element) + message)


class DatasetWarning(UserWarning):
    """Something in a dataset was ignored or is not available yet (the run goes on)."""


def _where(path, line, element):
    parts = []
    if path is not None:
        parts.append(f"{path}:{line}" if line else str(path))
    elif line:
        parts.append(f"line {line}")
    if element:
        parts.append(element)
    return ": ".join(parts) + (": " if parts else "")


class Node:
    """One element: ``name`` as written, ``key`` lower-case, ``attrs`` with lower-case keys
    (``spelled`` keeps the attribute names as written), ``text``, ``children``, ``line``."""

    __slots__ = ("attrs", "children", "column", "key", "line", "name", "spelled", "text")

    def __init__(self, name, attrs, line, column):
        self.name = name
        self.key = name.lower()
        self.attrs = attrs
        self.spelled = {}
        self.line = line
        self.column = column
        self.text = ""
        self.children = []

    def find(self, key):
        """The child elements whose lower-case name is ``key``."""
        return [c for c in self.children if c.key == key]

    def describe(self):
        """``<Body_Rigid id=2>`` — how messages name this element."""
        ident = self.attrs.get("id")
        if ident is not None and len(ident) < 40:
            return f"<{self.name} id={ident.strip()}>"
        return f"<{self.name}>"

    def __repr__(self):
        return f"{self.describe()} (line {self.line})"


class _Builder:
    def __init__(self, path):
        self.path = path
        self.root = None
        self.stack = []
        self.count = 0
        self.text_size = 0
        self.parser = None

    def error(self, message):
        line = self.parser.CurrentLineNumber if self.parser else None
        element = self.stack[-1].describe() if self.stack else None
        return DatasetError(message, self.path, line, element)

    def start(self, name, attributes):
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise self.error(f"more than {MAX_ELEMENTS} elements; refused")
        if len(self.stack) >= MAX_DEPTH:
            raise self.error(f"elements nested deeper than {MAX_DEPTH} levels; refused")
        attrs = {}
        node = Node(name, attrs, self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1)
        # ordered_attributes: [name1, value1, name2, value2, ...]
        for k in range(0, len(attributes), 2):
            spelled, value = attributes[k], attributes[k + 1]
            key = spelled.lower()
            if key in attrs:
                raise DatasetError(
                    f"attribute '{spelled}' given twice (names are case-insensitive)",
                    self.path,
                    node.line,
                    node.describe(),
                )
            attrs[key] = value
            node.spelled[key] = spelled
        if self.stack:
            self.stack[-1].children.append(node)
        elif self.root is None:
            self.root = node
        self.stack.append(node)

    def end(self, name):
        node = self.stack.pop()
        node.text = node.text.strip()

    def data(self, text):
        if self.stack:
            self.text_size += len(text)
            if self.text_size > MAX_TEXT:
                raise self.error("more than 64 MB of element text; refused")
            self.stack[-1].text += text

    def doctype(self, *args):
        raise self.error("a document type declaration (DOCTYPE) is not allowed in a dataset")

    def entity(self, *args):
        raise self.error("entity declarations are not allowed in a dataset")

    def external(self, *args):
        raise self.error("external entities are not allowed in a dataset")


def _parse_bytes(data, path):
    builder = _Builder(path)
    parser = expat.ParserCreate()
    builder.parser = parser
    parser.ordered_attributes = True
    parser.buffer_text = True
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = builder.doctype
    parser.EntityDeclHandler = builder.entity
    parser.UnparsedEntityDeclHandler = builder.entity
    parser.ExternalEntityRefHandler = builder.external
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        message = expat.errors.messages.get(e.code, str(e))
        element = builder.stack[-1].describe() if builder.stack else None
        if e.code == expat.errors.codes[expat.errors.XML_ERROR_NO_ELEMENTS] and builder.root:
            message = "the file ends before the elements are closed (truncated?)"
        elif e.code == expat.errors.codes[expat.errors.XML_ERROR_UNCLOSED_TOKEN]:
            message += " (the file may be truncated)"
        raise DatasetError(
            f"malformed XML: {message} (column {e.offset + 1})", path, e.lineno, element
        ) from None
    except RecursionError:
        raise DatasetError("the document is nested too deeply; refused", path) from None
    except (LookupError, UnicodeError) as e:
        # an encoding Python does not know, or text that does not decode in it
        raise DatasetError(f"cannot decode the text: {e}", path, parser.CurrentLineNumber) from None
    if builder.root is None:
        raise DatasetError("the file holds no XML element", path)
    return builder.root


# '< Sensor_Event': MotionSolve's own documentation has a blank after '<' in an example
_SPACED_TAG = re.compile(rb"<[ \t]+(?=[A-Za-z_])")


def parse_dataset(path, data=None):
    """Parse the dataset at ``path`` (or the bytes ``data``) into a ``Node`` tree.

    Returns ``(root, notes)``; ``notes`` lists the repairs made (see below). Raises
    DatasetError for anything that is not a well-formed, safe XML document.

    One repair is made, with a note: a blank between ``<`` and an element name, as in an
    example of MotionSolve's Sensor_Event page, is removed when the document does not
    parse as written.
    """
    if data is None:
        try:
            size = os.path.getsize(path)
        except OSError as e:
            raise DatasetError(f"cannot read the file: {e.strerror}", path) from None
        if size > MAX_BYTES:
            raise DatasetError(f"the file is larger than {MAX_BYTES // 2**20} MB; refused", path)
        try:
            with open(path, "rb") as f:
                data = f.read(MAX_BYTES + 1)
        except OSError as e:
            raise DatasetError(f"cannot read the file: {e.strerror}", path) from None
    if len(data) > MAX_BYTES:
        raise DatasetError(f"the file is larger than {MAX_BYTES // 2**20} MB; refused", path)
    if not data.strip():
        raise DatasetError("the file is empty", path)
    try:
        return _parse_bytes(data, path), []
    except DatasetError as first:
        spaced = [data.count(b"\n", 0, m.start()) + 1 for m in _SPACED_TAG.finditer(data)]
        if not spaced:
            raise
        try:
            root = _parse_bytes(_SPACED_TAG.sub(b"<", data), path)
        except DatasetError:
            raise first from None
        lines = ", ".join(map(str, spaced[:5])) + (" ..." if len(spaced) > 5 else "")
        return root, [f"{path}: line {lines}: blank after '<' ignored"]
