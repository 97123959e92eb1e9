def edit_script(source, target, insert_cost=1, delete_cost=1, substitute_cost=1):
    if min(insert_cost, delete_cost, substitute_cost) < 0:
        raise ValueError("costs must be non-negative")
    n, m = len(source), len(target)
    dp = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        dp[i][0] = dp[i - 1][0] + delete_cost
    for j in range(1, m + 1):
        dp[0][j] = dp[0][j - 1] + insert_cost
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            if source[i - 1] == target[j - 1]:
                diag = dp[i - 1][j - 1]
            else:
                diag = dp[i - 1][j - 1] + substitute_cost
            dp[i][j] = min(diag, dp[i - 1][j] + delete_cost, dp[i][j - 1] + insert_cost)
    ops = []
    i, j = n, m
    while i > 0 or j > 0:
        if i > 0 and j > 0:
            same = source[i - 1] == target[j - 1]
            step = 0 if same else substitute_cost
            if dp[i][j] == dp[i - 1][j - 1] + step:
                ops.append(("keep", source[i - 1]) if same else ("sub", source[i - 1], target[j - 1]))
                i, j = i - 1, j - 1
                continue
        if i > 0 and dp[i][j] == dp[i - 1][j] + delete_cost:
            ops.append(("del", source[i - 1]))
            i -= 1
        else:
            ops.append(("ins", target[j - 1]))
            j -= 1
    ops.reverse()
    return dp[n][m], ops
