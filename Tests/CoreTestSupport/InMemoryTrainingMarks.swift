import MirrorBot

/// `TrainingMarks` in memory.
public actor InMemoryTrainingMarks: TrainingMarks {
    public private(set) var marked: [ClassifierCategory: Set<String>] = [:]

    public init() {}

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

    public func forgetTraining() {
        marked = [:]
    }
}
