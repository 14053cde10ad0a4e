import APIClientCore
import MirrorBot
import MirrorBotStatus

extension StatusBoard {
    /// Counts what an account's network client did inside one call: attempts by status
    /// class, retries, and rate-limit waits with their length. A give-up is not counted
    /// here: the call's outcome reaches the board through `CountingNetwork`.
    func count(_ event: APIClientEvent, account: String) {
        switch event {
        case .attempted(let endpoint, let status): countAttempt(account: account, endpoint: endpoint, status: status)
        case .retrying(let endpoint, _, _): countRetry(account: account, endpoint: endpoint)
        case .waitingForRateLimit(let endpoint, let duration): countClientWait(account: account, endpoint: endpoint, duration: duration)
        case .gaveUp: break
        }
    }
}
