# Runs Patroni with its leader key written only when it is this node's or nobody's.
#
# Debian 12's Patroni 3.0.2 renews a lapsed leader key by writing it unconditionally: a primary
# cut off from etcd for longer than the key's TTL demotes itself, keeps trying to renew, and when
# the network heals it takes a new lease and overwrites the key the promoted replica holds; both
# nodes then promote on the same timeline and the writes of one are lost (the partition drill
# showed it: scripts/cluster/drill-partition.ts). Patroni 3.0.3 writes the key in a transaction
# instead (patroni/patroni#2689, #2693); this is that transaction, for 3.0.2's etcd3 module.
import sys
import time

from patroni.__main__ import main
from patroni.dcs import Leader, catch_return_false_exception
from patroni.dcs import etcd3
from patroni.version import __version__


@catch_return_false_exception
def _update_leader(self):
    retry = self._retry.copy()

    def _retry(*args, **kwargs):
        kwargs['retry'] = retry
        return retry(*args, **kwargs)

    self._run_and_handle_exceptions(self._do_refresh_lease, True, retry=_retry)

    if self._lease:
        cluster = self.cluster
        leader_lease = cluster and isinstance(cluster.leader, Leader) and cluster.leader.session
        if leader_lease != self._lease:
            retry.deadline = retry.stoptime - time.time()
            if retry.deadline < 1:
                raise etcd3.Etcd3Error('update_leader timeout')
            key = etcd3.base64_encode(self.leader_path)
            name = etcd3.base64_encode(self._name)
            put = {'request_put': {'key': key, 'value': name, 'lease': self._lease}}
            # The key still names this node (only its lease changed), or there is no key: never
            # another node's.
            still_ours = {'key': key, 'target': 'VALUE', 'value': name}
            nobodys = {'key': key, 'target': 'CREATE', 'create_revision': '0'}
            for compare in (still_ours, nobodys):
                if self._run_and_handle_exceptions(self._client.txn, compare, put, retry=_retry):
                    return True
            return False
    return bool(self._lease)


# Only 3.0.2's own function is replaced; a later Patroni has the fix (and another signature).
if __version__ == '3.0.2':
    etcd3.Etcd3._update_leader = _update_leader
# Patroni's workers are spawned from this file again (multiprocessing): they get the function
# above, not a second Patroni.
if __name__ == '__main__':
    sys.argv[0] = 'patroni'
    sys.exit(main())
