import MirrorBot

/// The milestones of one bot's start on a host.
struct BotStart: Sendable {
    /// Its first learning round on this host done (whether or not the budget let it read).
    let firstRound = Milestone()
    /// A learning round has read the human's history: the bot has learned its human.
    let historyRead = Milestone()
    /// Its place among the bots starting given back: reached once it has learned or has failed
    /// (nil: it took no place).
    let turn: Milestone?
    /// The step its start is in, watched once it has its place (`StartProgress.watch`).
    let progress = StartProgress()
    /// Where in their intervals its learning and like rounds begin (nil: at once, the learning round first).
    let phase: RoundPhase?

    init(turn: Milestone?, phase: RoundPhase? = nil) {
        self.turn = turn
        self.phase = phase
    }
}

/// Where in their intervals a bot's learning and like rounds begin: fractions in [0, 1) of each.
/// A bot that has learned its human starts with one drawn at random. The bots a host takes over
/// from a dead one start within seconds of one another; begun at once, their rounds would meet the
/// same servers together every round for as long as they run, as the dead host's never did.
struct RoundPhase: Sendable, Equatable {
    let learning: Double
    let likes: Double

    static func random() -> RoundPhase { RoundPhase(learning: .random(in: 0..<1), likes: .random(in: 0..<1)) }

    /// The wait before each loop's first round, by the loop's name.
    func waits(learnInterval: Duration, pollInterval: Duration) -> [String: Duration] {
        [LearningLoop.name: learnInterval * learning, LikeLoop.name: pollInterval * likes]
    }
}

extension BotHost {
    /// Starts one bot taken by the host: `run` until it returns (cancellation). A bot that has never
    /// learned its human (`learnedBefore` false) waits for a place in `starting` and keeps it until its
    /// first learning round is done (or it failed): that round reads the human's whole history. Once a
    /// round has read it, `recordLearned` is called (once). A bot that has learned before (on any host)
    /// takes no place: its first round reads only what is new, so a dead host's bots run again at once,
    /// and its learning and like rounds begin at a random phase (`RoundPhase`).
    static func start(
        learnedBefore: Bool, starting: StartingLimit, recordLearned: @escaping @Sendable () async -> Void,
        run: @escaping @Sendable (BotStart) async -> Void
    ) async {
        guard !learnedBefore else {
            await run(BotStart(turn: nil, phase: .random()))
            return
        }
        let turn = Milestone()
        let start = BotStart(turn: turn)
        start.firstRound.passOn(to: turn)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await start.historyRead.wait()
                if start.historyRead.isReached, !Task.isCancelled { await recordLearned() }
            }
            await starting.run(until: turn) { await run(start) }
            group.cancelAll()
        }
    }
}
