class BitWriter:
    def __init__(self):
        self._bytes = bytearray()
        self._nbits = 0

    @property
    def bit_length(self):
        return self._nbits

    def write_bit(self, bit):
        if bit not in (0, 1) or isinstance(bit, bool):
            raise ValueError(f"bit must be 0 or 1, got {bit!r}")
        if self._nbits % 8 == 0:
            self._bytes.append(0)
        if bit:
            self._bytes[-1] |= 0x80 >> (self._nbits % 8)
        self._nbits += 1

    def write_bits(self, value, width):
        if width < 0 or value < 0 or value >= (1 << width):
            raise ValueError(f"{value} does not fit in {width} bits")
        for shift in range(width - 1, -1, -1):
            self.write_bit((value >> shift) & 1)

    def getvalue(self):
        return bytes(self._bytes)


class BitReader:
    def __init__(self, data, bit_length=None):
        self._data = bytes(data)
        total = 8 * len(self._data)
        if bit_length is None:
            bit_length = total
        if bit_length < 0 or bit_length > total:
            raise ValueError("bit_length exceeds the data")
        self._limit = bit_length
        self._pos = 0

    def remaining(self):
        return self._limit - self._pos

    def read_bit(self):
        if self._pos >= self._limit:
            raise EOFError("no bits left")
        byte = self._data[self._pos // 8]
        bit = (byte >> (7 - self._pos % 8)) & 1
        self._pos += 1
        return bit

    def read_bits(self, width):
        if width > self.remaining():
            raise EOFError("not enough bits left")
        value = 0
        for _ in range(width):
            value = (value << 1) | self.read_bit()
        return value
