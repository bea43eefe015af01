#if PostgreSQL
    import Foundation
    import NIOCore
    import NIOPosix
    import PostgresNIO
    import VitalsKit

    /// Every wait for the server ends: when the answer comes, when the connection closes (a server
    /// stopped or crashed: PostgresNIO does not always fail what is pending then, a COPY in
    /// particular), or after `PostgresTarget.answerTimeout` seconds, when the connection is closed.
    /// A host that vanished without closing anything is noticed by TCP keepalives (`keepalive`).
    final class PostgresAnswerWait: @unchecked Sendable {
        private let lock = NSLock()
        private var failPending: ((any Error) -> Void)?
        private var closed = false

        /// Watches `connection`: from now on its closing fails the wait under way.
        init(connection: PostgresConnection) {
            connection.closeFuture.whenComplete { [weak self] _ in self?.connectionClosed() }
        }

        struct Closed: Error {}
        struct TimedOut: Error {}

        private func connectionClosed() {
            lock.lock()
            closed = true
            let fail = failPending
            lock.unlock()
            fail?(Closed())
        }

        /// Waits for `future` (called on a thread that is not an event loop's); throws `Closed`
        /// when the connection closed first, `TimedOut` after `seconds` (having started to close it).
        func wait<T: Sendable>(_ future: EventLoopFuture<T>, seconds: Int, connection: PostgresConnection) throws -> T {
            let loop = future.eventLoop
            let promise = loop.makePromise(of: T.self)
            future.cascade(to: promise)
            lock.lock()
            let alreadyClosed = closed
            failPending = { promise.fail($0) }
            lock.unlock()
            defer {
                lock.lock()
                failPending = nil
                lock.unlock()
            }
            if alreadyClosed { promise.fail(Closed()) }
            let deadline = loop.scheduleTask(in: .seconds(Int64(seconds))) {
                promise.fail(TimedOut())
                connection.closeInBackground()
            }
            defer { deadline.cancel() }
            return try promise.futureResult.wait()
        }
    }

    extension PostgresSession {
        /// TCP keepalives on the connection: an idle connection is probed after 10 s, every 5 s,
        /// and given up after 3 probes unanswered; data the server does not acknowledge within
        /// 30 s ends the connection too. A busy server answers the probes (its kernel does), so a
        /// long statement is not cut short; a host that is gone is noticed within about 25 s.
        static let keepalive = (idle: 10, interval: 5, count: 3, unacknowledgedMilliseconds: 30_000)

        /// A TCP connection to `target` with the keepalives set, within `connectTimeout` seconds.
        static func openChannel(_ target: PostgresTarget, on loop: any EventLoop) throws -> any Channel {
            let tcp = SocketOptionLevel(IPPROTO_TCP)
            let bootstrap = ClientBootstrap(group: loop)
                .connectTimeout(.seconds(Int64(target.connectTimeout)))
                .channelOption(ChannelOptions.socketOption(.so_keepalive), value: 1)
                .channelOption(
                    ChannelOptions.Types.SocketOption(level: tcp, name: SocketOptionName(TCP_KEEPIDLE)),
                    value: SocketOptionValue(keepalive.idle)
                )
                .channelOption(
                    ChannelOptions.Types.SocketOption(level: tcp, name: SocketOptionName(TCP_KEEPINTVL)),
                    value: SocketOptionValue(keepalive.interval)
                )
                .channelOption(
                    ChannelOptions.Types.SocketOption(level: tcp, name: SocketOptionName(TCP_KEEPCNT)),
                    value: SocketOptionValue(keepalive.count)
                )
                .channelOption(
                    ChannelOptions.Types.SocketOption(level: tcp, name: SocketOptionName(TCP_USER_TIMEOUT)),
                    value: SocketOptionValue(keepalive.unacknowledgedMilliseconds))
            return try bootstrap.connect(host: target.host, port: target.port).wait()
        }

        /// Waits for one answer of the server, as `PostgresAnswerWait` does; a lost connection or
        /// no answer in time is a `PostgresStoreError` naming the server and `what` was under way.
        func awaitAnswer<T: Sendable>(_ future: EventLoopFuture<T>, during what: String) throws -> T {
            do {
                return try answers.wait(future, seconds: target.answerTimeout, connection: connection)
            } catch is PostgresAnswerWait.Closed {
                throw PostgresStoreError.connectionLost(database: target.display, during: what)
            } catch is PostgresAnswerWait.TimedOut {
                throw PostgresStoreError.noAnswer(database: target.display, seconds: target.answerTimeout, during: what)
            } catch let error as PSQLError {
                throw Self.describe(error, target: target, during: what)
            }
        }
    }
#endif
