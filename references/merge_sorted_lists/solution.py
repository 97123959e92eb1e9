def merge_sorted(a: list, b: list) -> list:
    """Stable merge of two sorted lists; ties take the element of a first."""
    out = []
    i = j = 0
    while i < len(a) and j < len(b):
        if b[j] < a[i]:
            out.append(b[j])
            j += 1
        else:
            out.append(a[i])
            i += 1
    out.extend(a[i:])
    out.extend(b[j:])
    return out
