// Oracle runs Apache Kafka's own assignor classes on the cases it reads from
// standard input and prints their assignments; kafka_oracle_test.go drives it
// to record testdata/kafka/*.txt. Build instructions: README.md beside it.
//
// Input, one case at a time:
//   assignor NAME                  range|roundrobin|sticky|cooperative-sticky|uniform|server-range
//   topic NAME PARTITIONS [ID]     ID: the topic id (uniform only)
//   member ID INSTANCE|- GENERATION TOPIC,...|- TOPIC:P,...|-
//   end
// Output for each member, in input order, then "done":
//   got ID TOPIC:P,...|-
import java.io.*;
import java.util.*;
import org.apache.kafka.clients.consumer.*;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.*;
import org.apache.kafka.common.*;
import org.apache.kafka.coordinator.group.api.assignor.*;
import org.apache.kafka.coordinator.group.modern.*;

public class Oracle {
    record M(String id, String instance, int generation, List<String> topics, List<TopicPartition> owned) {}

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        PrintStream out = new PrintStream(new BufferedOutputStream(System.out), false);
        String assignor = null;
        Map<String, Integer> topics = new LinkedHashMap<>();
        Map<String, String> topicIds = new HashMap<>();
        List<M> members = new ArrayList<>();
        for (String line; (line = in.readLine()) != null; ) {
            String[] f = line.trim().split(" ");
            switch (f[0]) {
                case "assignor" -> assignor = f[1];
                case "topic" -> { topics.put(f[1], Integer.parseInt(f[2])); if (f.length > 3) topicIds.put(f[1], f[3]); }
                case "member" -> members.add(new M(f[1], f[2].equals("-") ? null : f[2], Integer.parseInt(f[3]),
                        f[4].equals("-") ? new ArrayList<>() : new ArrayList<>(Arrays.asList(f[4].split(","))), parse(f[5])));
                case "end" -> {
                    Map<String, List<TopicPartition>> result = assignor.equals("uniform") || assignor.equals("server-range")
                            ? server(assignor, topics, topicIds, members) : classic(assignor, topics, members);
                    for (M m : members) {
                        List<TopicPartition> tps = new ArrayList<>(result.getOrDefault(m.id, List.of()));
                        tps.sort(Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition));
                        StringJoiner j = new StringJoiner(",");
                        tps.forEach(tp -> j.add(tp.topic() + ":" + tp.partition()));
                        out.println("got " + m.id + " " + (tps.isEmpty() ? "-" : j.toString()));
                    }
                    out.println("done");
                    out.flush();
                    topics.clear(); topicIds.clear(); members.clear();
                }
                default -> { }
            }
        }
    }

    static List<TopicPartition> parse(String s) {
        List<TopicPartition> l = new ArrayList<>();
        if (!s.equals("-"))
            for (String tp : s.split(",")) {
                int c = tp.lastIndexOf(':');
                l.add(new TopicPartition(tp.substring(0, c), Integer.parseInt(tp.substring(c + 1))));
            }
        return l;
    }

    // The leader's path: ConsumerCoordinator.onLeaderElected fills a new HashMap in
    // JoinGroup order and calls assign(Cluster, GroupSubscription).
    static Map<String, List<TopicPartition>> classic(String name, Map<String, Integer> topics, List<M> members) {
        ConsumerPartitionAssignor a = switch (name) {
            case "range" -> new RangeAssignor();
            case "roundrobin" -> new RoundRobinAssignor();
            case "sticky" -> new OracleStickyAssignor();
            default -> new CooperativeStickyAssignor();
        };
        List<PartitionInfo> parts = new ArrayList<>();
        topics.forEach((t, n) -> { for (int p = 0; p < n; p++) parts.add(new PartitionInfo(t, p, null, new Node[0], new Node[0])); });
        Cluster cluster = new Cluster("c", List.of(), parts, Set.of(), Set.of());
        Map<String, Subscription> subs = new HashMap<>();
        for (M m : members) {
            Subscription s = new Subscription(m.topics, null, m.owned, m.generation, Optional.empty());
            s.setGroupInstanceId(Optional.ofNullable(m.instance));
            subs.put(m.id, s);
        }
        Map<String, List<TopicPartition>> r = new HashMap<>();
        a.assign(cluster, new GroupSubscription(subs)).groupAssignment().forEach((k, v) -> r.put(k, v.partitions()));
        return r;
    }

    // The coordinator's path: TargetAssignmentBuilder puts the members into a new
    // HashMap and computes the subscription type from per-topic subscriber counts.
    // A member's current assignment is iterated in the order of the HashSet of its
    // topic ids, then ascending partitions, as the Go side assumes.
    static Map<String, List<TopicPartition>> server(String name, Map<String, Integer> topics, Map<String, String> topicIds, List<M> members) {
        Map<String, Uuid> ids = new HashMap<>();
        Map<Uuid, String> names = new HashMap<>();
        Map<Uuid, TopicMetadata> meta = new HashMap<>();
        topics.forEach((t, n) -> {
            Uuid id = Uuid.fromString(topicIds.get(t));
            ids.put(t, id); names.put(id, t);
            meta.put(id, new TopicMetadata(id, t, n));
        });
        Map<String, Integer> counts = new HashMap<>();
        Map<String, MemberSubscriptionAndAssignmentImpl> specs = new HashMap<>();
        Map<Uuid, Map<Integer, String>> inverted = new HashMap<>();
        for (M m : members) {
            Set<Uuid> sub = new HashSet<>();
            for (String t : m.topics) { counts.merge(t, 1, Integer::sum); if (ids.containsKey(t)) sub.add(ids.get(t)); }
            Map<Uuid, Set<Integer>> held = new LinkedHashMap<>();
            for (Uuid id : new HashSet<>(ids.values())) {
                TreeSet<Integer> ps = new TreeSet<>();
                for (TopicPartition tp : m.owned) if (ids.get(tp.topic()) == id) ps.add(tp.partition());
                if (!ps.isEmpty()) {
                    held.put(id, Collections.unmodifiableSet(new LinkedHashSet<>(ps)));
                    for (int p : ps) inverted.computeIfAbsent(id, k -> new HashMap<>()).put(p, m.id);
                }
            }
            specs.put(m.id, new MemberSubscriptionAndAssignmentImpl(Optional.empty(), Optional.ofNullable(m.instance), sub,
                    new org.apache.kafka.coordinator.group.modern.Assignment(Collections.unmodifiableMap(held))));
        }
        // ModernGroup.subscriptionType: homogeneous when every subscribed name has every member.
        SubscriptionType type = counts.values().stream().allMatch(c -> c == members.size())
                ? SubscriptionType.HOMOGENEOUS : SubscriptionType.HETEROGENEOUS;
        GroupSpec spec = new GroupSpecImpl(Collections.unmodifiableMap(specs), type, inverted);
        ConsumerGroupPartitionAssignor a = name.equals("uniform")
                ? new org.apache.kafka.coordinator.group.assignor.UniformAssignor()
                : new org.apache.kafka.coordinator.group.assignor.RangeAssignor();
        Map<String, List<TopicPartition>> r = new HashMap<>();
        a.assign(spec, new SubscribedTopicDescriberImpl(meta)).members().forEach((k, v) -> {
            List<TopicPartition> l = new ArrayList<>();
            v.partitions().forEach((id, ps) -> ps.forEach(p -> l.add(new TopicPartition(names.get(id), p))));
            r.put(k, l);
        });
        return r;
    }
}
