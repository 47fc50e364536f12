package io.mediaopt.media;

/**
 * What trying one strategy left behind; {@code E} is what an optimizer knows of an output it
 * wrote (its file, its size, what it was encoded at).
 */
public sealed interface Attempt<E> permits Attempt.Encoded, Attempt.Failed, Attempt.Unreadable, Attempt.TimedOut {

    /** An output was written. */
    record Encoded<E>(E output) implements Attempt<E> {}

    /** The encoder failed or wrote nothing usable; its output is gone. {@code cause} may be null. */
    record Failed<E>(Exception cause) implements Attempt<E> {
        public Failed() {
            this(null);
        }
    }

    /** The input ends early or is corrupt; no other strategy can do better. */
    record Unreadable<E>() implements Attempt<E> {}

    /** The encoder ran past its time and was stopped; its output is gone, and no other strategy is tried. */
    record TimedOut<E>() implements Attempt<E> {}
}
