package io.mediaopt.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NativeMemoryTest {
    /** The head of what jcmd VM.native_memory summary scale=KB prints on JDK 25. */
    private static final String SUMMARY = """
            22325:

            Native Memory Tracking:

            (Omitting categories weighting less than 1KB)

            Total: reserved=7735055KB, committed=465791KB
                   malloc: 8091KB #11560, peak=7927KB #10569
                   mmap:   reserved=7726964KB, committed=457700KB

            -                 Java Heap (reserved=6172672KB, committed=393216KB)
                                        (mmap: reserved=6172672KB, committed=393216KB, at peak)

            -                     Class (reserved=1048666KB, committed=282KB)
                                        (classes #1192)

            -                    Thread (reserved=22603KB, committed=1191KB)
                                        (threads #22)

            -                     Other (reserved=10KB, committed=10KB)
                                        (malloc=10KB tag=Other #3) (at peak)

            -    Native Memory Tracking (reserved=210KB, committed=210KB)
            """;

    @Test
    void readsTheTotalTheMallocPartAndEachCategory() {
        NativeMemory memory = NativeMemory.parse(SUMMARY);
        assertThat(memory.committedKib()).isEqualTo(465791);
        assertThat(memory.mallocKib()).isEqualTo(8091);
        assertThat(memory.categoryKib("Java Heap")).isEqualTo(393216);
        assertThat(memory.categoryKib("Thread")).isEqualTo(1191);
        assertThat(memory.categoryKib("Other")).isEqualTo(10);
        assertThat(memory.categoryKib("Native Memory Tracking")).isEqualTo(210);
    }

    @Test
    void aCategoryTheJvmLeftOutWeighsNothing() {
        assertThat(NativeMemory.parse(SUMMARY).categoryKib("Symbol")).isZero();
    }

    @Test
    void aJvmWithoutTrackingGivesNothing() {
        assertThat(NativeMemory.parse("12345:\nNative memory tracking is not enabled\n")).isEqualTo(NativeMemory.NONE);
    }
}
