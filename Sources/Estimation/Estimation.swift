/// Estimation: the Kalman filter maths on GSL. The only module that imports `CGSL`.
public enum EstimationModule {}
