from __future__ import annotations

from citadel.memo import Memo


def test_a_memo_computes_each_missing_key_once_and_drops_the_oldest_past_its_size() -> None:
    asked: list[list[str]] = []

    def upper(keys: list[str]) -> list[str]:
        asked.append(keys)
        return [k.upper() for k in keys]

    memo: Memo[str, str] = Memo(2)
    assert memo.get_many(["a", "b", "a"], upper) == ["A", "B", "A"]
    assert asked == [["a", "b"]]  # distinct missing keys, in order, once
    assert memo.get_many(["b"], upper) == ["B"] and len(asked) == 1  # remembered
    assert memo.get_many(["c"], upper) == ["C"]  # past the size: "a", the oldest, is dropped
    assert memo.get_many(["a", "c"], upper) == ["A", "C"] and asked[-1] == ["a"]
