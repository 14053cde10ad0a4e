import Foundation
import MirrorBot

/// `PlanStore` and `SlotClaims` in memory, with the same state moves as PostgreSQL.
public actor InMemoryPlanStore: PlanStore, SlotClaims {
    public private(set) var plans: [LocalDate: [PlanSlot]] = [:]
    private var claimedAt: [SlotKey: Date] = [:]

    struct SlotKey: Hashable {
        var day: LocalDate
        var minute: Int
    }

    public init() {}

    /// Stores a plan as it is, states included (a test's starting point).
    public func seed(_ slots: [PlanSlot], for day: LocalDate) {
        plans[day] = slots.sorted { $0.minute < $1.minute }
    }

    public func plan(for day: LocalDate) -> [PlanSlot]? { plans[day] }

    public func storePlan(_ minutes: [Int], for day: LocalDate, timeZone: String) -> [PlanSlot] {
        if plans[day] == nil {
            plans[day] = minutes.sorted().map { PlanSlot(date: day, minute: $0) }
        }
        return plans[day] ?? []
    }

    public func removePlans() { plans = [:] }

    public func claim(_ day: LocalDate, minute: Int, owner: String, now: Date) -> Bool {
        guard update(day, minute, when: { $0.state == .planned }, { $0.state = .posting }) else { return false }
        claimedAt[SlotKey(day: day, minute: minute)] = now
        return true
    }

    public func releaseClaim(_ day: LocalDate, minute: Int) {
        update(day, minute, when: { $0.state == .posting }) { $0.state = .planned }
    }

    public func markPosted(_ day: LocalDate, minute: Int, sourcePostID: String, postedID: String, text: String, at date: Date) {
        update(day, minute) { slot in
            slot.state = .posted
            slot.postedID = postedID
            slot.text = text
            slot.reason = nil
            slot.postedAt = date
        }
    }

    public func markSkipped(_ day: LocalDate, minute: Int, reason: String) {
        update(day, minute, when: { $0.state != .posted }) { slot in
            slot.state = .skipped
            slot.reason = reason
        }
    }

    public func skipPastSlots(before day: LocalDate) -> Int {
        var count = 0
        for (date, slots) in plans where date < day {
            for slot in slots where slot.state == .planned {
                update(date, slot.minute) { $0.state = .skipped; $0.reason = SlotSkip.dayEnded.stored }
                count += 1
            }
        }
        return count
    }

    public func skipInterrupted(claimedBefore cutoff: Date) -> Int {
        var count = 0
        for (key, date) in claimedAt where date < cutoff {
            if update(key.day, key.minute, when: { $0.state == .posting }, { $0.state = .skipped; $0.reason = SlotSkip.interrupted.stored }) {
                count += 1
            }
        }
        return count
    }

    /// The slots of `day` in `state`.
    public func slots(of day: LocalDate, in state: PlanSlot.State) -> [PlanSlot] {
        (plans[day] ?? []).filter { $0.state == state }
    }

    @discardableResult
    private func update(_ day: LocalDate, _ minute: Int, when condition: (PlanSlot) -> Bool = { _ in true }, _ change: (inout PlanSlot) -> Void) -> Bool {
        guard var slots = plans[day], let index = slots.firstIndex(where: { $0.minute == minute }), condition(slots[index]) else {
            return false
        }
        change(&slots[index])
        plans[day] = slots
        return true
    }
}
