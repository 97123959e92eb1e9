"""Parse CSV text (quoted fields, doubled quotes) into rows and typed records."""

from __future__ import annotations


class CsvError(ValueError):
    """Malformed CSV; ``row`` is the 1-based row number."""

    def __init__(self, row: int, message: str) -> None:
        super().__init__(f"row {row}: {message}")
        self.row = row


def parse_csv(text: str, delimiter: str = ",") -> list[list[str]]:
    rows: list[list[str]] = []
    row: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] == '"':
            buf = []
            i += 1
            while True:
                if i >= n:
                    raise CsvError(len(rows) + 1, "unterminated quoted field")
                if text[i] == '"':
                    if i + 1 < n and text[i + 1] == '"':
                        buf.append('"')
                        i += 2
                        continue
                    i += 1
                    break
                buf.append(text[i])
                i += 1
            field = "".join(buf)
            if i < n and text[i] != delimiter and not text.startswith(("\n", "\r\n"), i):
                raise CsvError(len(rows) + 1, "text after closing quote")
        else:
            j = i
            while j < n and text[j] != delimiter and text[j] != "\n" and not text.startswith("\r\n", j):
                if text[j] == '"':
                    raise CsvError(len(rows) + 1, "quote inside unquoted field")
                j += 1
            field, i = text[i:j], j
        row.append(field)
        if i < n and text[i] == delimiter:
            i += 1
            if i == n:
                row.append("")
            continue
        i += 2 if text.startswith("\r\n", i) else 1
        rows.append(row)
        row = []
    if row:
        rows.append(row)
    return rows


def _convert(kind: str, raw: str, row: int) -> object:
    if kind == "str":
        return raw
    if raw == "":
        return None
    try:
        return int(raw) if kind == "int" else float(raw)
    except ValueError:
        raise CsvError(row, f"bad {kind} value {raw!r}") from None


def read_records(text: str, types: dict[str, str] | None = None, delimiter: str = ",") -> list[dict]:
    rows = parse_csv(text, delimiter)
    if not rows:
        return []
    header, types = rows[0], types or {}
    if any(not name for name in header) or len(set(header)) != len(header):
        raise CsvError(1, "header names must be non-empty and unique")
    records = []
    for number, fields in enumerate(rows[1:], start=2):
        if len(fields) != len(header):
            raise CsvError(number, f"expected {len(header)} fields, got {len(fields)}")
        records.append({h: _convert(types.get(h, "str"), f, number) for h, f in zip(header, fields)})
    return records
