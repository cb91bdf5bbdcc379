// libmicrohttpd for the reroute service. Not API: only RerouteService imports this.
#ifndef INDOORNAV_CMICROHTTPD_SHIM_H
#define INDOORNAV_CMICROHTTPD_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>
#endif
