import MirrorBot

/// `TrainingMarks` in memory; `forgetTraining` also forgets the human streams'
/// cursors in `cursors`, as PostgreSQL does in its one schema.
public actor InMemoryTrainingMarks: TrainingMarks {
    public private(set) var marked: [ClassifierCategory: Set<String>] = [:]
    private let cursors: InMemoryCursors?

    public init(cursors: InMemoryCursors? = nil) {
        self.cursors = cursors
    }

    public func markTrained(_ postIDs: [String], as category: ClassifierCategory) -> Set<String> {
        var fresh = Set<String>()
        for id in postIDs where marked[category, default: []].insert(id).inserted {
            fresh.insert(id)
        }
        return fresh
    }

    public func forgetTrained(_ postIDs: [String], as category: ClassifierCategory) {
        marked[category, default: []].subtract(postIDs)
    }

    public func trained(_ postIDs: [String], as category: ClassifierCategory) -> Set<String> {
        marked[category, default: []].intersection(postIDs)
    }

    public func forgetTraining() async {
        marked = [:]
        await cursors?.forgetHumanStreams()
    }
}
