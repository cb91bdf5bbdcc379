// libmicrohttpd for the reroute service. Not API: only RerouteService/HTTPDaemon.swift uses this.
//
// Swift cannot call C variadic functions, so the two variadic entry points the service needs
// (MHD_start_daemon, MHD_get_daemon_info) are wrapped here in fixed-argument inline functions.
#ifndef INDOORNAV_CMICROHTTPD_SHIM_H
#define INDOORNAV_CMICROHTTPD_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>
#include <stdarg.h>

/// Told that libmicrohttpd refuses the `Content-Length` of the connection this thread is reading (it is
/// about to send its own HTML answer and close). libmicrohttpd's logger names no connection: the
/// callback finds it itself (the service keeps the connection whose request line the thread read last).
/// `cls` is the context given with it.
typedef void (*indoornav_mhd_bad_length_callback)(void *cls);

struct indoornav_mhd_logger_context {
    indoornav_mhd_bad_length_callback callback;
    void *cls;
};

/// libmicrohttpd's logger: its two `Content-Length` refusals ("Failed to parse `Content-Length'
/// header", "Too large value of 'Content-Length' header") are passed on; every other message is
/// dropped (they are not printed without a logger either).
static void indoornav_mhd_logger(void *cls, const char *format, va_list arguments) {
    (void)arguments;
    struct indoornav_mhd_logger_context *context = (struct indoornav_mhd_logger_context *)cls;
    if (context == NULL || context->callback == NULL || format == NULL) return;
    if (strstr(format, "Content-Length") == NULL) return;
    context->callback(context->cls);
}

/// Starts a daemon listening on IPv4 `bind_address` (dotted quad, e.g. "127.0.0.1") and `port`
/// (0 = an ephemeral port). `thread_pool_size` > 1 adds a pool of polling threads (ignored with
/// MHD_USE_THREAD_PER_CONNECTION). `connection_limit`, `connection_timeout_seconds` and
/// `connection_memory_bytes` and `per_ip_connection_limit` are passed as their MHD options when non-zero;
/// `notify_connection` (connection opened/closed) and `uri_log` (a request line arrived) when not NULL;
/// with `logger_context`, libmicrohttpd's refusals of a malformed `Content-Length` are passed to its
/// callback (`indoornav_mhd_logger`).
/// Returns NULL when the address does not parse or the daemon cannot start.
static inline struct MHD_Daemon *indoornav_mhd_start(unsigned int flags, const char *bind_address, uint16_t port,
                                                     MHD_AccessHandlerCallback handler, void *handler_context,
                                                     MHD_RequestCompletedCallback completed, void *completed_context,
                                                     unsigned int thread_pool_size, unsigned int connection_limit,
                                                     unsigned int connection_timeout_seconds, size_t connection_memory_bytes,
                                                     unsigned int per_ip_connection_limit,
                                                     MHD_NotifyConnectionCallback notify_connection, void *notify_context,
                                                     void *(*uri_log)(void *, const char *, struct MHD_Connection *),
                                                     void *uri_log_context,
                                                     struct indoornav_mhd_logger_context *logger_context) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof(address));
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (inet_pton(AF_INET, bind_address, &address.sin_addr) != 1) return NULL;
    struct MHD_OptionItem options[13];
    int n = 0;
    if (logger_context != NULL) {
        // First, so no message goes to the standard logger; MHD_USE_ERROR_LOG makes libmicrohttpd call it.
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)indoornav_mhd_logger, logger_context};
        flags |= MHD_USE_ERROR_LOG;
    }
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, &address};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completed_context};
    if (thread_pool_size > 1 && !(flags & MHD_USE_THREAD_PER_CONNECTION))
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)thread_pool_size, NULL};
    if (connection_limit > 0)
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, (intptr_t)connection_limit, NULL};
    if (connection_timeout_seconds > 0)
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)connection_timeout_seconds, NULL};
    if (connection_memory_bytes > 0)
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)connection_memory_bytes, NULL};
    if (per_ip_connection_limit > 0)
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)per_ip_connection_limit, NULL};
    if (notify_connection != NULL)
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)notify_connection, notify_context};
    if (uri_log != NULL)
        options[n++] = (struct MHD_OptionItem){MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)uri_log, uri_log_context};
    options[n++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_context, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The port the daemon is bound to (useful after starting on port 0), or 0 when unknown.
static inline uint16_t indoornav_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}
/// The socket of a connection, or -1 when unknown.
static inline int indoornav_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// The peer's IPv4 address of a connection written as a dotted quad into `out` (at least 16 bytes);
/// returns 0, or -1 when the address is unknown or not IPv4 (`out` is then empty).
static inline int indoornav_mhd_client_ipv4(struct MHD_Connection *connection, char *out, size_t size) {
    out[0] = 0;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || info->client_addr->sa_family != AF_INET) return -1;
    const struct sockaddr_in *address = (const struct sockaddr_in *)info->client_addr;
    return inet_ntop(AF_INET, &address->sin_addr, out, (socklen_t)size) ? 0 : -1;
}

/// A response holding a copy of `size` bytes at `data` (which may be NULL when `size` is 0).
static inline struct MHD_Response *indoornav_mhd_response_copy(size_t size, const void *data) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}
#endif
