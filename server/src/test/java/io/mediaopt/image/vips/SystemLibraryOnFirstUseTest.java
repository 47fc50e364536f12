package io.mediaopt.image.vips;

import io.mediaopt.image.TestVips;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class SystemLibraryOnFirstUseTest {
    private final Vips own = TestVips.open();

    @Test
    void startsTheSystemsLibraryOnceAndOnlyWhenFirstAskedFor() {
        AtomicInteger starts = new AtomicInteger();
        SystemLibraryOnFirstUse system = new SystemLibraryOnFirstUse(own, () -> {
            starts.incrementAndGet();
            return StartedLibraries.started(Optional.empty(), 2);
        });
        assertThat(starts).hasValue(0);

        Vips first = system.get();
        assertThat(system.get()).isSameAs(first);
        assertThat(starts).hasValue(1);
        assertThat(first.version()).isEqualTo(Vips.open(2).version());
    }

    @Test
    void keepsTheInputsWithItsOwnLibraryWhenTheSystemsCannotStart() {
        AtomicInteger starts = new AtomicInteger();
        SystemLibraryOnFirstUse system = new SystemLibraryOnFirstUse(own, () -> {
            starts.incrementAndGet();
            throw new UnsatisfiedLinkError("cannot load libvips.so.42: no such file");
        });

        assertThat(system.get()).isSameAs(own);
        assertThat(system.get()).isSameAs(own);
        assertThat(starts).hasValue(1);
    }
}
