/// The `{uri, cid}` of posts served, so a like needs no extra read. Bounded.
actor BlueskyRefBook {
    private var cids: [String: String] = [:]
    private var order: [String] = []
    let capacity = 5_000

    func remember(uri: String, cid: String) {
        if cids.updateValue(cid, forKey: uri) == nil { order.append(uri) }
        if order.count > capacity {
            let dropped = order.prefix(order.count - capacity)
            for uri in dropped { cids[uri] = nil }
            order.removeFirst(dropped.count)
        }
    }

    func cid(of uri: String) -> String? { cids[uri] }
}
