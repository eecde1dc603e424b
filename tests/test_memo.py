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


def test_a_memo_drops_the_least_recently_used_and_returns_all_it_was_asked_for() -> None:
    memo: Memo[str, str] = Memo(2)
    memo.put("a", "A")
    memo.put("b", "B")
    assert memo.get("a") == "A"  # a read is a use: "b" is now the oldest
    memo.put("c", "C")
    assert memo.get("b") is None and memo.get("a") == "A" and len(memo) == 2
    # one call bringing in more keys than the memo holds still returns every value
    assert memo.get_many(list("wxyz"), lambda keys: [k.upper() for k in keys]) == list("WXYZ")
    assert len(memo) == 2


def test_a_cleared_memo_computes_again() -> None:
    memo: Memo[str, str] = Memo(4)
    asked: list[list[str]] = []
    memo.get_many(["a", "b"], lambda keys: asked.append(keys) or [k.upper() for k in keys])
    memo.clear()
    assert len(memo) == 0 and memo.get("a") is None and memo.size == 4
    assert memo.get_many(["a"], lambda keys: asked.append(keys) or [k.upper() for k in keys]) == ["A"]
    assert asked == [["a", "b"], ["a"]]


def test_a_memo_shared_by_threads_computes_and_returns_consistently() -> None:
    import threading

    memo: Memo[int, int] = Memo(16)  # far fewer than the keys: eviction runs all the time
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for start in range(0, 400, 7):
                keys = [(start + offset + i) % 97 for i in range(12)]
                assert memo.get_many(keys, lambda ks: [k * k for k in ks]) == [k * k for k in keys]
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(memo) <= 16
