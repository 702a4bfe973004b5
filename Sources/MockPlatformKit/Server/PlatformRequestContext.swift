import Hummingbird
import NIOCore

/// The request context of every MockPlatform request: Hummingbird's basic context plus the
/// connection's channel, which fault rules that break the connection close.
package struct PlatformRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The connection the request arrived on.
    package let channel: any Channel

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
