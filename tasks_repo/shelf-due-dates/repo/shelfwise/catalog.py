"""The catalogue: books by ISBN, with copies and a simple search."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Book:
    isbn: str
    title: str
    author: str
    copies: int = 1
    on_loan: int = 0

    @property
    def available(self) -> int:
        return self.copies - self.on_loan


def normalise_isbn(text: str) -> str:
    digits = text.replace("-", "").replace(" ", "").upper()
    if len(digits) not in (10, 13) or not digits[:-1].isdigit():
        raise ValueError(f"not an ISBN: {text!r}")
    return digits


class Catalog:
    def __init__(self) -> None:
        self.books: dict[str, Book] = {}

    def add(self, isbn: str, title: str, author: str, copies: int = 1) -> Book:
        key = normalise_isbn(isbn)
        if key in self.books:
            self.books[key].copies += copies
        else:
            self.books[key] = Book(key, title, author, copies)
        return self.books[key]

    def get(self, isbn: str) -> Book:
        try:
            return self.books[normalise_isbn(isbn)]
        except KeyError:
            raise KeyError(f"no book with ISBN {isbn}") from None

    def search(self, words: str) -> list[Book]:
        terms = words.lower().split()
        return [b for b in self.books.values()
                if all(t in f"{b.title} {b.author}".lower() for t in terms)]
