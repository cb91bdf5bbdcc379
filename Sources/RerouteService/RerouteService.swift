/// RerouteService: HTTP/JSON navigation sessions on libmicrohttpd.
public enum RerouteServiceModule {}
