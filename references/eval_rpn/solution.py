OPERATORS = {"+", "-", "*", "/"}


def _is_int(token: str) -> bool:
    body = token[1:] if token.startswith("-") else token
    return body.isdigit()


def eval_rpn(tokens: list[str]) -> int:
    """Value of an integer postfix expression; division truncates toward zero."""
    stack: list[int] = []
    for token in tokens:
        if token in OPERATORS:
            if len(stack) < 2:
                raise ValueError(f"operator {token!r} needs two operands")
            b, a = stack.pop(), stack.pop()
            if token == "+":
                stack.append(a + b)
            elif token == "-":
                stack.append(a - b)
            elif token == "*":
                stack.append(a * b)
            else:
                if b == 0:
                    raise ZeroDivisionError("division by zero")
                q = abs(a) // abs(b)
                stack.append(q if (a >= 0) == (b >= 0) else -q)
        elif _is_int(token):
            stack.append(int(token))
        else:
            raise ValueError(f"unknown token {token!r}")
    if len(stack) != 1:
        raise ValueError(f"expression leaves {len(stack)} values")
    return stack[0]
