/// Navigation: the navigation session (progress, arrival, off-route, reroute, transitions) and follow-user.
public enum NavigationModule {}
