/// Bounds on incoming URLs, checked before anything else looks at them.
///
/// A URL past a limit is rejected with ``DeepLinkRejection/tooLong(length:limit:)``,
/// ``DeepLinkRejection/tooManySegments(count:limit:)`` or
/// ``DeepLinkRejection/tooManyQueryItems(count:limit:)``, so hostile input costs at most a
/// bounded amount of work.
public struct DeepLinkLimits: Hashable, Sendable {
    /// The longest URL accepted, in UTF-8 bytes. Default 2,048.
    public var maxLength: Int
    /// The most path segments accepted. Default 32.
    public var maxSegments: Int
    /// The most query items accepted. Default 32.
    public var maxQueryItems: Int

    public init(maxLength: Int = 2_048, maxSegments: Int = 32, maxQueryItems: Int = 32) {
        self.maxLength = maxLength
        self.maxSegments = maxSegments
        self.maxQueryItems = maxQueryItems
    }
}
