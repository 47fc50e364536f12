package io.mediaopt;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test of the server as a process: several nodes, a restart, a stop that waits for work in
 * flight, the encoders left after a close, the JSON log of a whole run. Slow (server processes, shutdown graces), so
 * {@code ./mvnw test} leaves these out; {@code ./test.sh} runs them with the rest.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("process")
public @interface ProcessLevel {}
