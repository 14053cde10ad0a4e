import MirrorBot

/// A page of a walk as tests read it: a positioned stream's `StreamPage` or a likes page.
public protocol PostPage: Sendable {
    var pagePosts: [NetworkPost] { get }
}

extension StreamPage: PostPage {
    public var pagePosts: [NetworkPost] { posts }
}

extension Array: PostPage where Element == NetworkPost {
    public var pagePosts: [NetworkPost] { self }
}

/// Every post of a walk, all pages read.
public func allPosts<Page: PostPage>(_ stream: AsyncThrowingStream<Page, any Error>) async throws -> [NetworkPost] {
    var posts: [NetworkPost] = []
    for try await page in stream { posts += page.pagePosts }
    return posts
}

/// Every post of a positioned walk and where the next read resumes (the last position its pages named).
public func readAll(_ stream: AsyncThrowingStream<StreamPage, any Error>) async throws -> (posts: [NetworkPost], position: StreamPosition?) {
    var posts: [NetworkPost] = []
    var position: StreamPosition?
    for try await page in stream {
        posts += page.posts
        position = page.position ?? position
    }
    return (posts, position)
}

/// The first page's posts of a walk (none when it has no page).
public func firstPage<Page: PostPage>(_ stream: AsyncThrowingStream<Page, any Error>) async throws -> [NetworkPost] {
    var pages = stream.makeAsyncIterator()
    return try await pages.next()?.pagePosts ?? []
}
