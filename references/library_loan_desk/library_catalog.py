"""Library catalog: books, members and title search."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Book:
    """A title the library owns, with its number of copies."""

    isbn: str
    title: str
    copies: int = 1

    def __post_init__(self) -> None:
        if self.copies < 1:
            raise ValueError("a book needs at least one copy")


@dataclass
class Member:
    """A library member and how many books they may hold at once."""

    member_id: str
    name: str
    max_loans: int = 3


class Catalog:
    """Books by isbn and members by id."""

    def __init__(self) -> None:
        self._books: dict[str, Book] = {}
        self._members: dict[str, Member] = {}

    def add_book(self, book: Book) -> None:
        if book.isbn in self._books:
            raise ValueError(f"duplicate isbn {book.isbn}")
        self._books[book.isbn] = book

    def add_member(self, member: Member) -> None:
        if member.member_id in self._members:
            raise ValueError(f"duplicate member {member.member_id}")
        self._members[member.member_id] = member

    def book(self, isbn: str) -> Book:
        return self._books[isbn]

    def member(self, member_id: str) -> Member:
        return self._members[member_id]

    def search(self, text: str) -> list[str]:
        needle = text.lower()
        hits = [b for b in self._books.values() if needle in b.title.lower()]
        return [b.isbn for b in sorted(hits, key=lambda b: (b.title, b.isbn))]
