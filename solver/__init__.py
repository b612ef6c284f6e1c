"""phz: a hand analyser and trainer for 跑胡子 (Paohuzi, 字牌).

Importing this package never imports numba: the kernels load on first use.
"""
