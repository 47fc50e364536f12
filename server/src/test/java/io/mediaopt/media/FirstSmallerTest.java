package io.mediaopt.media;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The never-bigger rule both optimizers share, over outputs that are only sizes: every output not handed back is removed. */
class FirstSmallerTest {
    private static final long INPUT = 100;

    /** An output of {@code bytes} named {@code name}. */
    record Output(String name, long bytes) {}

    private final List<String> removed = new ArrayList<>();
    private final List<String> tried = new ArrayList<>();

    private FirstSmaller<String, Output> rule(boolean keepFirstLarger, Map<String, Attempt<Output>> attempts) {
        return keepFirstLarger
                ? FirstSmaller.keepingFirstLarger(s -> tryOne(s, attempts), Output::bytes, o -> removed.add(o.name()))
                : FirstSmaller.removingLarger(s -> tryOne(s, attempts), Output::bytes, o -> removed.add(o.name()));
    }

    private Attempt<Output> tryOne(String strategy, Map<String, Attempt<Output>> attempts) {
        tried.add(strategy);
        Attempt<Output> attempt = attempts.get(strategy);
        if (attempt == null) throw new IllegalStateException("the " + strategy + " encoder broke");
        return attempt;
    }

    private static Attempt<Output> encoded(String name, long bytes) {
        return new Attempt.Encoded<>(new Output(name, bytes));
    }

    @Test
    void theFirstSmallerOutputWinsAndTheKeptLargerOneGoes() {
        var outcome = rule(true, Map.of("a", encoded("a", 150), "b", new Attempt.Failed<>(), "c", encoded("c", 90),
                "d", encoded("d", 10))).tryInOrder(List.of("a", "b", "c", "d"), INPUT);

        assertThat(outcome).isEqualTo(new FirstSmaller.Outcome.Smaller<>(new Output("c", 90)));
        assertThat(tried).containsExactly("a", "b", "c");
        assertThat(removed).containsExactly("a");
    }

    @Test
    void whenNoneIsSmallerTheFirstLargerIsKeptOrEveryOneRemoved() {
        Map<String, Attempt<Output>> attempts = Map.of("a", encoded("a", 150), "b", encoded("b", 120));

        assertThat(rule(true, attempts).tryInOrder(List.of("a", "b"), INPUT))
                .isEqualTo(new FirstSmaller.Outcome.Larger<>(Optional.of(new Output("a", 150)), false));
        assertThat(removed).containsExactly("b");

        removed.clear();
        assertThat(rule(false, attempts).tryInOrder(List.of("a", "b"), INPUT))
                .isEqualTo(new FirstSmaller.Outcome.Larger<Output>(Optional.empty(), false));
        assertThat(removed).containsExactly("a", "b");
    }

    @Test
    void aTimeoutEndsTheTriesWithWhatWasKept() {
        var outcome = rule(true, Map.of("a", encoded("a", 150), "b", new Attempt.TimedOut<>()))
                .tryInOrder(List.of("a", "b", "c"), INPUT);

        assertThat(outcome).isEqualTo(new FirstSmaller.Outcome.Larger<>(Optional.of(new Output("a", 150)), true));
        assertThat(tried).containsExactly("a", "b");
        assertThat(removed).isEmpty();
    }

    @Test
    void withNothingEncodedTheLastKnownFailureIsReported() {
        IllegalStateException cause = new IllegalStateException("no encoder");
        var outcome = rule(true, Map.of("a", new Attempt.Failed<>(cause), "b", new Attempt.Failed<>()))
                .tryInOrder(List.of("a", "b"), INPUT);

        assertThat(outcome).isEqualTo(new FirstSmaller.Outcome.NoneEncoded<Output>(false, cause));
    }

    @Test
    void anUnreadableInputOrABrokenTryLeavesNoOutputBehind() {
        var unreadable = rule(true, Map.of("a", encoded("a", 150), "b", new Attempt.Unreadable<>()))
                .tryInOrder(List.of("a", "b", "c"), INPUT);
        assertThat(unreadable).isEqualTo(new FirstSmaller.Outcome.Unreadable<Output>());
        assertThat(removed).containsExactly("a");

        removed.clear();
        FirstSmaller<String, Output> broken = rule(true, Map.of("a", encoded("a", 150)));
        assertThatThrownBy(() -> broken.tryInOrder(List.of("a", "b"), INPUT)).hasMessageContaining("broke");
        assertThat(removed).containsExactly("a");
    }
}
