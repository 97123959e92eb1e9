import heapq
from collections import Counter

from bit_stream import BitReader, BitWriter


def build_code(text):
    counts = Counter(text)
    if not counts:
        return {}
    if len(counts) == 1:
        return {next(iter(counts)): "0"}
    heap = [(n, ch, ch) for ch, n in counts.items()]
    heapq.heapify(heap)
    while len(heap) > 1:
        w0, s0, left = heapq.heappop(heap)
        w1, s1, right = heapq.heappop(heap)
        heapq.heappush(heap, (w0 + w1, min(s0, s1), (left, right)))
    code = {}
    stack = [(heap[0][2], "")]
    while stack:
        node, prefix = stack.pop()
        if isinstance(node, str):
            code[node] = prefix
        else:
            stack.append((node[0], prefix + "0"))
            stack.append((node[1], prefix + "1"))
    return code


def encode(text):
    code = build_code(text)
    writer = BitWriter()
    for ch in text:
        for bit in code[ch]:
            writer.write_bit(1 if bit == "1" else 0)
    return code, writer.getvalue(), writer.bit_length


def decode(code, data, bit_length):
    lookup = {word: ch for ch, word in code.items()}
    longest = max((len(w) for w in lookup), default=0)
    reader = BitReader(data, bit_length)
    out, word = [], ""
    while reader.remaining():
        word += "1" if reader.read_bit() else "0"
        if word in lookup:
            out.append(lookup[word])
            word = ""
        elif len(word) >= longest:
            raise ValueError(f"bits {word!r} match no code word")
    if word:
        raise ValueError("data ends inside a code word")
    return "".join(out)
