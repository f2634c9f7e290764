//! Counts primes below N with a sieve of Eratosthenes: a small Rust benchmark built by `setup`.
fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let mut composite = vec![false; n + 1];
    let mut count = 0usize;
    for i in 2..=n {
        if !composite[i] {
            count += 1;
            let mut j = i * i;
            while j <= n {
                composite[j] = true;
                j += i;
            }
        }
    }
    println!("{count} primes up to {n}");
}
