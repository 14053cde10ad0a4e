/// Each day's plan, drawn once and kept, so a restart neither re-draws nor posts twice.
public protocol PlanStore: Sendable {
    /// The stored plan of `day`, or nil when none was drawn.
    func plan(for day: LocalDate) async throws -> [PlanSlot]?
    /// Stores `minutes` as the plan of `day` unless a plan exists; returns the stored plan.
    func storePlan(_ minutes: [Int], for day: LocalDate, timeZone: String) async throws -> [PlanSlot]
    /// Forgets every day's plan (not what the bot posted: it must never repeat itself).
    func removePlans() async throws
}
