/// Which faults a fake server has pending: the next N matching requests, or at random.
public struct FaultPlan<Fault: Sendable>: Sendable {
    public struct Pending: Sendable {
        public var fault: Fault
        public var remaining: Int
        /// Only requests to this endpoint (e.g. "POST /2/tweets"); nil for any.
        public var endpoint: String?
    }

    public var pending: [Pending] = []
    /// Requests (to `endpoint`, or any when nil) fail with `fault` with this probability.
    public var random: (fault: Fault, probability: Double, endpoint: String?)?

    public init() {}

    /// The fault for a request to `endpoint`, consuming a pending one first.
    public mutating func next(endpoint: String) -> Fault? {
        if let index = pending.firstIndex(where: { $0.remaining > 0 && ($0.endpoint == nil || $0.endpoint == endpoint) }) {
            pending[index].remaining -= 1
            let fault = pending[index].fault
            pending.removeAll { $0.remaining <= 0 }
            return fault
        }
        if let random, random.endpoint == nil || random.endpoint == endpoint, Double.random(in: 0..<1) < random.probability {
            return random.fault
        }
        return nil
    }
}
