package io.mediaopt.media;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The never-bigger rule, for images and videos alike: try the strategies in order and keep the
 * first output smaller than the input; when none is, the caller falls back (on the input itself
 * where it may stand in). What a strategy is, how one is tried, how an output is measured and how
 * it is removed are the optimizer's. Every output that is not handed back is removed, also when
 * a try throws.
 *
 * @param <S> a strategy, as the optimizer tries it
 * @param <E> what the optimizer knows of an output it wrote
 */
public final class FirstSmaller<S, E> {
    private final Function<S, Attempt<E>> attempt;
    private final ToLongFunction<E> bytes;
    private final Consumer<E> discard;
    private final boolean keepFirstLarger;

    private FirstSmaller(Function<S, Attempt<E>> attempt, ToLongFunction<E> bytes, Consumer<E> discard,
                         boolean keepFirstLarger) {
        this.attempt = attempt;
        this.bytes = bytes;
        this.discard = discard;
        this.keepFirstLarger = keepFirstLarger;
    }

    /** The first output that came out larger is kept for the caller's fallback; later ones are removed. */
    public static <S, E> FirstSmaller<S, E> keepingFirstLarger(Function<S, Attempt<E>> attempt,
                                                             ToLongFunction<E> bytes, Consumer<E> discard) {
        return new FirstSmaller<>(attempt, bytes, discard, true);
    }

    /** Every output that came out larger is removed at once: the caller's fallback needs none. */
    public static <S, E> FirstSmaller<S, E> removingLarger(Function<S, Attempt<E>> attempt,
                                                         ToLongFunction<E> bytes, Consumer<E> discard) {
        return new FirstSmaller<>(attempt, bytes, discard, false);
    }

    /** How trying the strategies ended. */
    public sealed interface Outcome<E> {
        /** An output smaller than the input: the result. */
        record Smaller<E>(E output) implements Outcome<E> {}

        /**
         * Something was encoded but none came out smaller: the first larger output when it was
         * kept; {@code timedOut} when the time ran out before every strategy was tried.
         */
        record Larger<E>(Optional<E> first, boolean timedOut) implements Outcome<E> {}

        /** Nothing was encoded; {@code lastFailure} is the last failure's cause, when known. */
        record NoneEncoded<E>(boolean timedOut, Exception lastFailure) implements Outcome<E> {}

        /** The input could not be read; nothing is left of any try. */
        record Unreadable<E>() implements Outcome<E> {}
    }

    /** Tries {@code strategies} in order against an input of {@code inputBytes}. */
    public Outcome<E> tryInOrder(List<S> strategies, long inputBytes) {
        E larger = null;
        boolean anyEncoded = false;
        Exception lastFailure = null;
        try {
            for (S strategy : strategies) {
                switch (attempt.apply(strategy)) {
                    case Attempt.Encoded<E>(E output) when bytes.applyAsLong(output) < inputBytes -> {
                        if (larger != null) discard.accept(larger);
                        return new Outcome.Smaller<>(output);
                    }
                    case Attempt.Encoded<E>(E output) -> {
                        anyEncoded = true;
                        if (keepFirstLarger && larger == null) larger = output;
                        else discard.accept(output);
                    }
                    case Attempt.Failed<E>(Exception cause) -> {
                        if (cause != null) lastFailure = cause;
                    }
                    case Attempt.Unreadable<E> _ -> {
                        if (larger != null) discard.accept(larger);
                        return new Outcome.Unreadable<>();
                    }
                    case Attempt.TimedOut<E> _ -> {
                        return ended(anyEncoded, larger, true, lastFailure);
                    }
                }
            }
            return ended(anyEncoded, larger, false, lastFailure);
        } catch (RuntimeException e) {
            if (larger != null) discard.accept(larger);
            throw e;
        }
    }

    private static <E> Outcome<E> ended(boolean anyEncoded, E larger, boolean timedOut, Exception lastFailure) {
        return anyEncoded ? new Outcome.Larger<>(Optional.ofNullable(larger), timedOut)
                : new Outcome.NoneEncoded<>(timedOut, lastFailure);
    }
}
