package io.mediaopt.renditions;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;
import io.mediaopt.media.MediaKind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RenditionRequestTest {
    @Test
    void theFieldsReadAsKindsAndAPosterTimeThatTheJobStoreKeeps() {
        RenditionRequest request = RenditionRequest.parse(" HLS , poster", "2.5");
        assertThat(request.kinds()).containsExactlyInAnyOrder(RenditionKind.HLS, RenditionKind.POSTER);
        assertThat(request.posterTimeSec()).isEqualTo(2.5);
        assertThat(request.stored()).isEqualTo("hls,poster@2.5");
        assertThat(RenditionRequest.fromStored(request.stored())).isEqualTo(request);
        assertThat(RenditionRequest.parse(null, null)).isEqualTo(RenditionRequest.NONE);
        assertThat(RenditionRequest.NONE.stored()).isNull();
        assertThat(RenditionRequest.fromStored(null)).isEqualTo(RenditionRequest.NONE);
    }

    @Test
    void unknownNamesEmptyItemsBadTimesAndUnfitMediaAreInvalidInput() {
        assertThatThrownBy(() -> RenditionRequest.parse("srcset", null)).isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT);
        assertThatThrownBy(() -> RenditionRequest.parse("", null)).isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT);
        assertThatThrownBy(() -> RenditionRequest.parse("poster", "-1")).isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT);
        assertThatThrownBy(() -> RenditionRequest.parse("poster", "NaN")).isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT);
        assertThatThrownBy(() -> RenditionRequest.parse("hls", "1")).isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT);
        for (String time : List.of("\uFF12", "\u0662.5", "+2", " 2", "2 ", "2.", ".", "", "1e1", "0x1p1", "Infinity", "2d")) {
            assertThatThrownBy(() -> RenditionRequest.parse("poster", time)).as(time)
                    .isInstanceOf(ServiceException.class)
                        .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT).hasMessageContaining("in ASCII digits");
        }
        assertThat(RenditionRequest.parse("poster", "02.50").posterTimeSec()).isEqualTo(2.5);
        assertThat(RenditionRequest.parse("poster", ".5").posterTimeSec()).isEqualTo(0.5);
        assertThatThrownBy(() -> new RenditionRequest(Set.of(RenditionKind.RESPONSIVE), null).checkFits(MediaKind.VIDEO))
                .isInstanceOf(ServiceException.class)
                .hasFieldOrPropertyWithValue("errorCode", ErrorCode.INVALID_INPUT).hasMessageContaining("images only");
    }
}
