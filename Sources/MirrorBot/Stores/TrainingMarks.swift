/// Which posts the classifier learned, so each is learned once.
public protocol TrainingMarks: Sendable {
    /// Of `postIDs`, those not yet learned as `category`, now marked learned.
    func markTrained(_ postIDs: [String], as category: ClassifierCategory) async throws -> Set<String>
    /// Undoes `markTrained` after a failed training.
    func forgetTrained(_ postIDs: [String], as category: ClassifierCategory) async throws
    /// Of `postIDs`, those learned as `category` before.
    func trained(_ postIDs: [String], as category: ClassifierCategory) async throws -> Set<String>

    /// Forgets what was learned: learned posts, finished training jobs and the
    /// cursors of the human's streams. The bot's own replies, likes and
    /// cursors stay, so clearing never makes it answer or like anything twice.
    func forgetTraining() async throws
}
