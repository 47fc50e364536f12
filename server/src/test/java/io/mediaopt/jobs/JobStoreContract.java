package io.mediaopt.jobs;

import io.mediaopt.ErrorCode;
import io.mediaopt.keeping.Keeping;
import io.mediaopt.keeping.Visibility;
import io.mediaopt.webhooks.DeliveryStoreContract;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.OutputFormat;
import io.mediaopt.media.OutputOptions;
import io.mediaopt.media.Rendition;
import io.mediaopt.media.RenditionRole;
import io.mediaopt.renditions.RenditionRequest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every JobStore must do, with the claims between nodes of {@link JobClaimsContract}, run
 * against each database the service supports.
 */
abstract class JobStoreContract extends JobClaimsContract {
    /** A second store on the database of the last {@link #openEmptyStore()}, as another node opens it. */
    abstract JobStore openAnotherNode() throws Exception;

    @Test
    void eachJobKeepsTheOriginItWasMadeWithAndOnlyASynchronousOneIsNeverClaimedAgain() {
        Job form = pending("form", 1000);
        store.insert(form);
        store.insert(new Job("stored", JobOrigin.STORED, form.request(), JPEG, JobState.pending("uploads/x", 1001)));
        store.insert(TestJobs.processingNow("sync", "web", "s.jpg", 100, JPEG, lease("me", 5), null, 1002));

        assertThat(store.find("form").orElseThrow().origin()).isEqualTo(JobOrigin.FORM);
        assertThat(store.find("stored").orElseThrow().origin()).isEqualTo(JobOrigin.STORED);
        assertThat(store.find("sync").orElseThrow().origin()).isEqualTo(JobOrigin.SYNCHRONOUS);
        // the two queued jobs, each claimed and its lease let run out, are claimed again; the synchronous one never
        assertThat(store.claimNext(lease("me", 10), 3, 1).orElseThrow().id()).isEqualTo("form");
        assertThat(store.claimNext(lease("me", 10), 3, 2).orElseThrow().id()).isEqualTo("stored");
        assertThat(store.claimNext(lease("other", 100), 3, 20).map(Job::id)).hasValue("form");
        assertThat(store.claimNext(lease("other", 100), 3, 21).map(Job::id)).hasValue("stored");
        assertThat(store.claimNext(lease("other", 100), 3, 22)).isEmpty();
        assertThat(store.failAbandoned(3, 23).failed()).as("the synchronous job whose lease ran out").isEqualTo(1);
        assertThat(store.find("sync").orElseThrow().state().errorCode()).isEqualTo(ErrorCode.INTERRUPTED);
    }

    @Test
    void aClaimedJobCarriesTheIdOfTheRequestThatCreatedIt() {
        store.insert(TestJobs.asking("r", 1000, null, null, "req-7f3a", null));
        store.insert(pending("s", 1001));
        assertThat(store.claimNext(lease("n1", 5000), 3, 2000).orElseThrow().request().requestId()).isEqualTo("req-7f3a");
        assertThat(store.claimNext(lease("n1", 5000), 3, 2000).orElseThrow().request().requestId()).isNull();
    }

    @Test
    void aJobKeepsTheNameOfTheKeyThatSubmittedIt() {
        store.insert(TestJobs.asking("a", 1000, null, null, null, "alice"));
        store.insert(pending("n", 1001));
        assertThat(store.claimNext(lease("n1", 5000), 3, 2000).orElseThrow().request().owner()).isEqualTo("alice");
        assertThat(store.find("a").orElseThrow().request().owner()).isEqualTo("alice");
        assertThat(store.find("n").orElseThrow().request().owner()).isNull();
    }

    @Test
    void aClaimedJobCarriesTheRenditionsItAskedForAndTheDoneOneListsThem() {
        RenditionRequest asked = RenditionRequest.parse("poster,hls", "1.5");
        store.insert(TestJobs.asking("v", 1000, null, asked, null, null));
        Job claimed = store.claimNext(lease("n1", 5000), 3, 2000).orElseThrow();
        assertThat(claimed.request().renditions()).isEqualTo(asked);

        List<Rendition> made = List.of(Rendition.file("master.m3u8", RenditionRole.HLS_MASTER, "m3u8",
                "application/vnd.apple.mpegurl", 120), Rendition.file("360p.m3u8", RenditionRole.HLS_PLAYLIST, "m3u8",
                "application/vnd.apple.mpegurl", 200).withSize(640, 360).withBandwidth(812_000L));
        assertThat(store.markDone("v", "n1", RESULT.withRenditions(made, null), "outputs/v/1-x.mp4", 3000)).isTrue();
        assertThat(store.find("v").orElseThrow().state().result().renditions()).isEqualTo(made);
        store.insert(pending("w", 1001));
        assertThat(store.find("w").orElseThrow().request().renditions()).isEqualTo(RenditionRequest.NONE);
    }

    @Test
    void aClaimedJobCarriesTheOptionsItAskedForAndOneWithoutHasNone() {
        OutputOptions asked = OutputOptions.parse("40", "webp", "300").accepting("image/avif,image/webp;q=0.9");
        store.insert(TestJobs.asking("o", 1000, asked, null, null, null));
        store.insert(TestJobs.asking("p", 1001, OutputOptions.parse(null, "webm", null), null, null, null));
        store.insert(pending("q", 1002));
        assertThat(store.claimNext(lease("n1", 5000), 3, 2000).orElseThrow().request().options()).isEqualTo(asked)
                .isEqualTo(new OutputOptions(40, OutputFormat.WEBP, 300, Set.of()));
        assertThat(store.find("p").orElseThrow().request().options()).isEqualTo(new OutputOptions(null, OutputFormat.WEBM, null, Set.of()));
        assertThat(store.find("q").orElseThrow().request().options()).isEqualTo(OutputOptions.NONE);
        OutputOptions negotiated = OutputOptions.NONE.accepting("image/avif,image/webp,*/*;q=0.8");
        store.insert(TestJobs.asking("r", 1003, negotiated, null, null, null));
        assertThat(store.find("r").orElseThrow().request().options().accepted()).containsExactlyInAnyOrder(MediaFormat.AVIF, MediaFormat.WEBP);
        OutputOptions auto = OutputOptions.parse("auto", null, null);
        store.insert(TestJobs.asking("s", 1004, auto, null, null, null));
        assertThat(store.find("s").orElseThrow().request().options()).isEqualTo(auto);
    }

    @Test
    void jobMovesForwardOnlyFromPendingToDone() {
        store.insert(pending("a", 1000));

        Job claimed = store.claimNext(lease("n1", 5000), 3, 2000).orElseThrow();
        assertThat(claimed.state().status()).isEqualTo(JobStatus.PROCESSING);
        assertThat(claimed.state().attempts()).isEqualTo(1);
        assertThat(claimed.state().leaseOwner()).isEqualTo("n1");
        assertThat(store.claimNext(lease("n2", 5000), 3, 2001)).isEmpty();

        assertThat(store.markDone("a", "n2", RESULT, "outputs/a/x.webp", 2500)).isFalse();
        assertThat(store.markDone("a", "n1", RESULT, "outputs/a/x.webp", 3000)).isTrue();
        assertThat(store.markDone("a", "n1", RESULT, "outputs/a/x.webp", 3001)).isFalse();
        assertThat(store.markFailed("a", "n1", ErrorCode.INTERNAL, "late", 3002)).isFalse();

        Job done = store.find("a").orElseThrow();
        assertThat(done.state().status()).isEqualTo(JobStatus.DONE);
        assertThat(done.state().result()).isEqualTo(RESULT);
        assertThat(done.state().outputKey()).isEqualTo("outputs/a/x.webp");
        assertThat(done.state().completedAt()).isEqualTo(3000L);
        assertThat(done.state().createdAt()).isEqualTo(1000L);
        assertThat(done.media()).isEqualTo(JPEG);
        assertThat(done.state().leaseOwner()).isNull();
    }

    @Test
    void progressOnlyMovesForwardAndEveryNodeReadsIt() throws Exception {
        store.insert(pending("p", 1));
        assertThat(store.recordProgress("p", 10)).as("not processing yet").isFalse();
        store.claimNext(lease("n1", 5000), 3, 2);
        assertThat(store.find("p").orElseThrow().state().progress()).isZero();

        assertThat(store.recordProgress("p", 40)).isTrue();
        assertThat(store.recordProgress("p", 30)).as("backwards").isFalse();
        assertThat(store.recordProgress("p", 40)).as("the same").isFalse();
        try (JobStore otherNode = openAnotherNode()) {
            assertThat(otherNode.find("p").orElseThrow().state().progress()).isEqualTo(40);
            assertThat(otherNode.recordProgress("p", 20)).isFalse();
            assertThat(otherNode.recordProgress("p", 55)).isTrue();
        }
        assertThat(store.find("p").orElseThrow().state().progress()).isEqualTo(55);

        assertThat(store.markDone("p", "n1", RESULT, "outputs/p/x.webp", 3)).isTrue();
        assertThat(store.find("p").orElseThrow().state().progress()).isEqualTo(100);
        assertThat(store.recordProgress("p", 99)).as("done").isFalse();
    }

    @Test
    void pendingJobCanOnlyBeFailedWithoutAnOwner() {
        store.insert(pending("p", 1));
        assertThat(store.markDone("p", "n1", RESULT, "x", 2)).isFalse();
        assertThat(store.markFailed("p", "n1", ErrorCode.BUSY, "no", 2)).isFalse();
        assertThat(store.markFailed("p", null, ErrorCode.BUSY, "no", 3)).isTrue();
        Job failed = store.find("p").orElseThrow();
        assertThat(failed.state().status()).isEqualTo(JobStatus.FAILED);
        assertThat(failed.state().errorCode().wireName()).isEqualTo("busy");
        assertThat(failed.state().errorMessage()).isEqualTo("no");
    }

    @Test
    void endedJobsListTheirInputUntilItIsForgotten() {
        store.insert(pending("ended", 1));
        store.insert(pending("waiting", 2));
        store.claimNext(lease("me", 1000), 3, 5);
        store.markFailed("ended", "me", ErrorCode.ENCODE_FAILED, "no", 6);

        assertThat(store.findEndedWithInput(10)).extracting(Job::id).containsExactly("ended");
        store.forgetInput("waiting");
        assertThat(store.find("waiting").orElseThrow().state().inputKey()).as("not ended").isNotNull();
        store.forgetInput("ended");
        assertThat(store.findEndedWithInput(10)).isEmpty();
        assertThat(store.find("ended").orElseThrow().state().inputKey()).isNull();
    }

    @Test
    void findsFinishedJobsBeforeCutoffAndDeletesThem() {
        store.insert(pending("old", 1));
        store.insert(pending("new", 2));
        store.insert(pending("open", 3));
        store.markFailed("old", null, ErrorCode.ENCODE_FAILED, "no", 100);
        store.markFailed("new", null, ErrorCode.ENCODE_FAILED, "no", 500);

        assertThat(store.findExpired(200, 200, 10)).extracting(Job::id).containsExactly("old");
        store.delete("old");
        assertThat(store.find("old")).isEmpty();
        store.check();
    }

    @Test
    void aDoneKeptJobExpiresOnlyOnceItsOwnHoursArePastAndStoresHowItIsKept() {
        long hour = 3_600_000;
        Keeping forTwoHours = new Keeping(Visibility.PUBLIC, 2L, 600L);
        store.insert(TestJobs.kept("hours", 0, forTwoHours));
        store.insert(TestJobs.kept("forever", 1, new Keeping(Visibility.PRIVATE, null, null)));
        store.insert(TestJobs.kept("broken", 2, forTwoHours));
        for (String id : List.of("hours", "forever")) {
            store.claimNext(lease("n", 10 * hour), 3, 3);
            assertThat(store.markDone(id, "n", null, "outputs/" + id + ".webp", 100)).isTrue();
        }
        store.markFailed("broken", null, ErrorCode.ENCODE_FAILED, "no", 100);

        assertThat(store.find("hours").orElseThrow().request().keeping()).isEqualTo(forTwoHours);
        assertThat(store.find("forever").orElseThrow().request().keeping().keptAs()).isEqualTo(Visibility.PRIVATE);
        // past any retention of unkept jobs, a failed job goes, a kept done one stays until its own hours
        assertThat(store.findExpired(hour, hour, 10)).extracting(Job::id).containsExactly("broken");
        assertThat(store.findExpired(3 * hour, 3 * hour, 10)).extracting(Job::id).containsExactlyInAnyOrder("hours", "broken");
        // with retention off, only the hours a kept job asked for delete it
        assertThat(store.findExpired(Long.MIN_VALUE, hour, 10)).isEmpty();
        assertThat(store.findExpired(Long.MIN_VALUE, 3 * hour, 10)).extracting(Job::id)
                .containsExactlyInAnyOrder("hours", "broken");
    }

    @Test
    void deletesAJobOnlyWhilePending() {
        store.insert(pending("claimed", 1));
        store.insert(pending("waiting", 2));
        store.claimNext(lease("n", 5000), 3, 3);

        assertThat(store.deleteIfPending("claimed")).isFalse();
        assertThat(store.deleteIfPending("waiting")).isTrue();
        assertThat(store.find("waiting")).isEmpty();
        assertThat(store.find("claimed")).isPresent();
    }

    /** The webhook outbox lives in the same database and is written by the same transactions. */
    @Nested
    class Outbox extends DeliveryStoreContract {
        @Override
        protected JdbcJobStore openEmptyStore() throws Exception {
            return (JdbcJobStore) JobStoreContract.this.openEmptyStore();
        }
    }
}
