package io.mediaopt.renditions;

import org.junit.jupiter.api.Test;

import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

class ResponsiveWidthsTest {
    @Test
    void candidatesRunFromTheTopToTheFloorAtEvenStepsOfBytes() {
        assertThat(ResponsiveWidths.candidates(1920, 160_000, 320, 12_000))
                .hasSize(ResponsiveWidths.MAX_WIDTHS).startsWith(1920).endsWith(320).isSortedAccordingTo((a, b) -> b - a)
                .allSatisfy(w -> assertThat(w % 2).isZero());
    }

    @Test
    void aSmallDifferenceGivesFewerWidthsAndNoneGivesTheTopAlone() {
        assertThat(ResponsiveWidths.candidates(1000, 60_000, 320, 12_000)).containsExactly(1000, 696, 320);
        assertThat(ResponsiveWidths.candidates(800, 25_000, 320, 10_000)).containsExactly(800);
        assertThat(ResponsiveWidths.candidates(300, 9_000, 300, 9_000)).containsExactly(300);
    }

    @Test
    void aWidthWhoseBytesAreTooCloseToItsNarrowerNeighbourIsDropped() {
        TreeMap<Integer, Long> measured = new TreeMap<>();
        measured.put(320, 10_000L);
        measured.put(600, 25_000L);
        measured.put(900, 45_000L);
        measured.put(1200, 52_000L);
        measured.put(1600, 80_000L);
        assertThat(ResponsiveWidths.keep(measured, 20_000)).containsExactly(1600, 900, 320);
    }

    @Test
    void theWidestStaysInPlaceOfANeighbourTooCloseToIt() {
        TreeMap<Integer, Long> measured = new TreeMap<>();
        measured.put(320, 10_000L);
        measured.put(900, 40_000L);
        measured.put(1000, 45_000L);
        assertThat(ResponsiveWidths.keep(measured, 20_000)).containsExactly(1000, 320);
    }
}
