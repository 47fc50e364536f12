package io.mediaopt.image;

import io.mediaopt.media.Strategy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.Properties;

/**
 * Predicts the quality whose output meets a SSIMULACRA 2 target from {@link PictureFeatures}:
 * a linear model per format, fitted by bench/quality-model.sh on the quality corpus's training
 * files (its coefficients in quality-model.properties beside this class). A format without
 * coefficients (JPEG) has no prediction and is searched.
 */
final class QualityModel {
    private static final String RESOURCE = "quality-model.properties";
    private static final QualityModel STANDARD = load();

    private final Properties coefficients;

    private QualityModel(Properties coefficients) {
        this.coefficients = coefficients;
    }

    static QualityModel standard() {
        return STANDARD;
    }

    /** Whether the model was fitted for the strategy's format. */
    boolean fits(Strategy strategy) {
        return coefficients.containsKey(strategy.output().extension() + ".intercept");
    }

    /** What the model says for one format. */
    record Prediction(double quality, double slope) {}

    /**
     * The quality predicted to meet {@code target} on a picture with these features, and the
     * typical rise of the score per quality step there (to correct a miss by); empty for a
     * format the model was not fitted for.
     */
    Optional<Prediction> predict(Strategy strategy, PictureFeatures features, double target) {
        if (!fits(strategy)) return Optional.empty();
        String format = strategy.output().extension();
        double q = coefficient(format, "intercept") + coefficient(format, "target") * target;
        double[] values = features.values();
        for (int i = 0; i < values.length; i++) q += coefficient(format, PictureFeatures.NAMES[i]) * values[i];
        return Optional.of(new Prediction(q, coefficient(format, "slope")));
    }

    private double coefficient(String format, String name) {
        String value = coefficients.getProperty(format + "." + name);
        if (value == null) throw new IllegalStateException(RESOURCE + " has no " + format + "." + name);
        return Double.parseDouble(value);
    }

    private static QualityModel load() {
        Properties properties = new Properties();
        try (InputStream in = QualityModel.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " is missing from the class path");
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new QualityModel(properties);
    }
}
