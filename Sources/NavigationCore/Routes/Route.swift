/// A screen an app can navigate to.
///
/// Conform your own route enum. Cases may carry associated values, as long as the whole
/// route stays `Hashable` and `Sendable`: navigation state is a value that is compared,
/// hashed by the explorer and sent between tasks.
///
/// ```swift
/// enum ShopRoute: Route {
///     case catalog
///     case product(id: Int)
///     case checkout
/// }
/// ```
public protocol Route: Hashable, Sendable {}
