import heapq


class _Node:
    __slots__ = ("children", "score", "count")

    def __init__(self):
        self.children = {}
        self.score = None
        self.count = 0


class Autocomplete:
    def __init__(self):
        self._root = _Node()

    def _walk(self, prefix):
        node = self._root
        for ch in prefix:
            node = node.children.get(ch)
            if node is None:
                return None
        return node

    def add(self, word, weight=1):
        if not isinstance(word, str) or not word:
            raise ValueError("word must be a non-empty string")
        if not isinstance(weight, int) or isinstance(weight, bool) or weight <= 0:
            raise ValueError("weight must be a positive int")
        node = self._walk(word)
        is_new = node is None or node.score is None
        node = self._root
        if is_new:
            node.count += 1
        for ch in word:
            node = node.children.setdefault(ch, _Node())
            if is_new:
                node.count += 1
        node.score = (node.score or 0) + weight

    def remove(self, word):
        node = self._walk(word) if word else None
        if node is None or node.score is None:
            raise KeyError(word)
        path = [self._root]
        node = self._root
        for ch in word:
            node = node.children[ch]
            path.append(node)
        node.score = None
        for n in path:
            n.count -= 1
        for i in range(len(word), 0, -1):
            if path[i].count == 0:
                del path[i - 1].children[word[i - 1]]
            else:
                break

    def top(self, prefix, k):
        if k < 0:
            raise ValueError("k must be non-negative")
        node = self._walk(prefix)
        if node is None or k == 0:
            return []
        found = []
        stack = [(node, prefix)]
        while stack:
            n, text = stack.pop()
            if n.score is not None:
                found.append((-n.score, text))
            for ch, child in n.children.items():
                stack.append((child, text + ch))
        return [(w, -s) for s, w in heapq.nsmallest(k, found)]

    def count(self, prefix):
        node = self._walk(prefix)
        return 0 if node is None else node.count

    def __len__(self):
        return self._root.count
