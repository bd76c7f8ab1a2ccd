#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process and the machine hold, for the memory budget and progress lines.
public enum ProcessMemory {
    /// The process's resident memory now, in bytes: `/proc/self/statm` on Linux; elsewhere the
    /// peak so far (the closest figure the system gives without Mach calls). 0 if unknown.
    public static func residentBytes() -> Int {
        #if os(Linux)
        if let text = readSmallFile("/proc/self/statm") {
            let fields = text.split(separator: " ")
            if fields.count > 1, let pages = Int(fields[1]) { return pages * Int(sysconf(Int32(_SC_PAGESIZE))) }
        }
        #endif
        return peakResidentBytes()
    }

    /// The process's peak resident memory so far, in bytes, as `getrusage` reports it.
    public static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss)
        #else
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// The memory this process may use: the machine's physical memory, or a container's
    /// (cgroup) limit when that is lower. 0 if unknown.
    public static func availableBytes() -> Int {
        let pages = Int(sysconf(Int32(_SC_PHYS_PAGES)))
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var bytes = pages > 0 && pageSize > 0 ? pages.multipliedReportingOverflow(by: pageSize).partialValue : 0
        #if os(Linux)
        for file in ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"] {
            if let text = readSmallFile(file), let limit = Int(text.split(separator: "\n").first ?? ""), limit > 0 {
                bytes = bytes > 0 ? min(bytes, limit) : limit
            }
        }
        #endif
        return bytes
    }

    #if os(Linux)
    /// The first few hundred bytes of a small system file, or `nil`.
    private static func readSmallFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }
    #endif
}
