/*
 * Runs Apache Kafka's share-group SimpleAssignor on chains of target
 * assignments read from stdin and prints what it assigns; see README.md.
 *
 * Input, per chain:   chain
 *                     assign PARTITIONS ID...   (members in the order the
 *                                                coordinator lists them)
 *                     ...
 *                     end
 * Output, per assign: got ID PARTITION...        (each member's set, in
 *                                                its HashSet iteration order)
 *                     done
 * Each assign starts from the sets the previous assign of its chain
 * returned, as TargetAssignmentBuilder hands the last target back.
 */
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.coordinator.group.api.assignor.GroupAssignment;
import org.apache.kafka.coordinator.group.api.assignor.SubscribedTopicDescriber;
import org.apache.kafka.coordinator.group.api.assignor.SubscriptionType;
import org.apache.kafka.coordinator.group.assignor.SimpleAssignor;
import org.apache.kafka.coordinator.group.modern.Assignment;
import org.apache.kafka.coordinator.group.modern.GroupSpecImpl;
import org.apache.kafka.coordinator.group.modern.MemberSubscriptionAndAssignmentImpl;

public class ShareOracle {
    // A topic id whose hashCode is 0, as the Go port assumes.
    static final Uuid TOPIC = new Uuid(0L, 0L);

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        Map<String, Map<Uuid, Set<Integer>>> last = new HashMap<>();
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.trim().split(" ");
            if (f[0].equals("chain")) {
                last.clear();
            } else if (f[0].equals("assign")) {
                final int partitions = Integer.parseInt(f[1]);
                Map<String, MemberSubscriptionAndAssignmentImpl> members = new HashMap<>();
                for (int i = 2; i < f.length; i++) {
                    Map<Uuid, Set<Integer>> had = last.get(f[i]);
                    members.put(f[i], new MemberSubscriptionAndAssignmentImpl(Optional.empty(), Optional.empty(),
                        Set.of(TOPIC), had == null ? Assignment.EMPTY : new Assignment(had)));
                }
                SubscribedTopicDescriber topics = new SubscribedTopicDescriber() {
                    public int numPartitions(Uuid topicId) { return topicId.equals(TOPIC) ? partitions : -1; }
                    public Set<String> racksForPartition(Uuid topicId, int partition) { return Set.of(); }
                };
                GroupAssignment out = new SimpleAssignor().assign(
                    new GroupSpecImpl(members, SubscriptionType.HOMOGENEOUS, new HashMap<>()), topics);
                last.clear();
                StringBuilder sb = new StringBuilder();
                for (int i = 2; i < f.length; i++) {
                    Map<Uuid, Set<Integer>> got = out.members().get(f[i]).partitions();
                    last.put(f[i], got);
                    sb.append("got ").append(f[i]);
                    Set<Integer> parts = got.get(TOPIC);
                    if (parts != null) {
                        for (int p : parts) sb.append(' ').append(p);
                    }
                    sb.append('\n');
                }
                System.out.print(sb);
                System.out.println("done");
            }
        }
    }
}
