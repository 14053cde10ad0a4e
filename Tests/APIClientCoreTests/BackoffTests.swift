import Clocks
import Testing

@Suite("Backoff, the one retry policy: capped doubling, a jitter band around it")
struct BackoffTests {
    @Test("a failed daemon round waits 5 s doubling to 5 min (the loop supervisor's)")
    func loopRounds() {
        let backoff = Backoff(base: .seconds(5), cap: .seconds(300))
        #expect((1...9).map { backoff.delay(retry: $0) } == [5, 10, 20, 40, 80, 160, 300, 300, 300].map { Duration.seconds($0) })
        #expect(backoff.delay(retry: 10_000) == .seconds(300))
    }

    @Test("a service missing at start-up is waited for 1 s doubling to 60 s")
    func startup() {
        let backoff = Backoff(base: .seconds(1), cap: .seconds(60))
        #expect((1...8).map { backoff.delay(retry: $0) } == [1, 2, 4, 8, 16, 32, 60, 60].map { Duration.seconds($0) })
    }

    @Test("a jitter in [0, 1] scales the doubling by 0.5 + jitter; 0.5 is the doubling itself; out of range is clamped")
    func jitter() {
        let backoff = Backoff(base: .seconds(2), cap: .seconds(60))
        #expect(backoff.delay(retry: 2, jitter: 0) == .seconds(2))
        #expect(backoff.delay(retry: 2, jitter: 0.5) == .seconds(4))
        #expect(backoff.delay(retry: 2, jitter: 1) == .seconds(6))
        #expect(backoff.delay(retry: 2, jitter: -3) == .seconds(2))
        #expect(backoff.delay(retry: 2, jitter: 7) == .seconds(6))
        #expect(backoff.delay(retry: 6, jitter: 1) == .seconds(60))
    }

    @Test("retry 0 or below counts as the first; a negative base or cap counts as zero")
    func bounds() {
        #expect(Backoff(base: .seconds(3), cap: .seconds(60)).delay(retry: 0) == .seconds(3))
        #expect(Backoff(base: .seconds(3), cap: .seconds(60)).delay(retry: -5) == .seconds(3))
        #expect(Backoff(base: .seconds(-1), cap: .seconds(60)).delay(retry: 3) == .zero)
        #expect(Backoff(base: .seconds(1), cap: .seconds(-1)).delay(retry: 3) == .zero)
    }
}
